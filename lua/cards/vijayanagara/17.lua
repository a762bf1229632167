-- Card 17 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 17,
    title = "Kishlu Khan's Revolt at Multan (1328)",
    order = "DBV",
    stay_eligible = true,
    text = {
        unshaded = "Remove 2 DS Troops from Punjab, then place 2 Mongols in Mountain Passes.",
        shaded = "DS places 2 Troops in Punjab, then removes up to 2 Mongols from Punjab and/or Mountain Passes.",
    },

    unshaded = function(ctx)
        -- C2/C4: as many as Punjab holds, up to 2, to DS's available box.
        local removed = ctx:remove("Punjab", "Troop", math.min(2, ctx:pieces("Punjab").troops))
        -- C3: as many as are available. C16: no Amass overflow, no Plunder cap.
        local placed = ctx:place("Mountain Passes", "Mongol", math.min(2, ctx:available("Mongol")))
        ctx:log(ctx:count(removed, "DS Troop") .. " removed from Punjab; " .. ctx:count(placed, "Mongol")
            .. " placed in Mountain Passes")
    end,

    shaded = function(ctx)
        -- C3: as many as are available.
        local placed = ctx:place("Punjab", "Troop", math.min(2, ctx:available("Troop")))
        -- C1: DS is named, so DS says how many (C2 "up to") and, when both spaces hold
        -- Mongols and not all go, from where. With no Mongol on the map nothing is asked.
        local removed = ctx:remove_pieces{
            from = { "Punjab", "Mountain Passes" },
            kinds = "Mongol",
            n = 2,
            up_to = true,
            player = "DS",
            prompt = "How many Mongols to remove from Punjab and Mountain Passes?",
        }
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " in Punjab and removes " .. ctx:count(removed, "Mongol"))
    end,
}
