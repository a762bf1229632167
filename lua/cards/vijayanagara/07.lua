-- Card 7 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 7,
    title = "Ain al-Mulk Takes Malwa (1305)",
    order = "DBV",
    stay_eligible = false,
    text = {
        unshaded = "Remove 2 DS pieces from Malwa (Troops, Governors and/or the Qasbah; executor chooses).",
        shaded = "If Malwa has no structure, DS places 1 Qasbah there. Then DS carries out a free Conscript in Malwa.",
    },

    unshaded = function(ctx)
        -- C13: a DS piece is a Troop, a Governor or the Qasbah. C2/C4: as many as there are,
        -- up to 2, one at a time; the executor chooses whenever the choice matters.
        local removed = ctx:remove_pieces{
            from = "Malwa",
            kinds = { "Troop", "Governor", "Qasbah" },
            n = 2,
            prompt = "Remove a DS piece from Malwa",
        }
        ctx:log(ctx:count(removed, "DS piece") .. " removed from Malwa")
    end,

    shaded = function(ctx)
        -- C3: the Qasbah only if one is available.
        if ctx:pieces("Malwa").structure == nil and ctx:available("Qasbah") > 0 then
            ctx:place("Malwa", "Qasbah", 1)
            ctx:log("DS places a Qasbah in Malwa")
        end
        -- C6: a free Conscript in exactly that space, carried out at once by DS.
        ctx:grant_command{ faction = "DS", command = "Conscript", limited = true, spaces = { "Malwa" } }
    end,
}
