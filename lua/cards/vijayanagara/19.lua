-- Card 19 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 19,
    title = "The Khurasan Army (c. 1329)",
    order = "DBV",
    stay_eligible = false,
    text = {
        unshaded = "DS removes 4 of its Troops from any spaces (DS chooses). BK, then VN, each gain 1 cavalry.",
        shaded = "DS carries out a free Conscript in up to 3 spaces.",
    },

    unshaded = function(ctx)
        -- C1: DS is named, so DS picks each Troop's space. C2/C4: a bare 4, so 4 if DS has
        -- them on the map, else all of them; DS is asked only when the answer matters.
        local removed = ctx:remove_pieces{
            from = ctx:spaces(),
            kinds = "Troop",
            n = 4,
            player = "DS",
            prompt = "Remove a DS Troop from",
        }
        ctx:log("DS removes " .. ctx:count(removed, "Troop"))
        -- C12: BK first, then VN. C10: from the pool; a shortfall comes from other factions
        -- of the gainer's choice.
        for _, faction in ipairs({ "BK", "VN" }) do
            local got = ctx:gain_cavalry(faction, 1)
            got = got + ctx:take_cavalry(faction, 1 - got)
            ctx:log(faction .. " gains " .. ctx:count(got, "cavalry token"))
        end
    end,

    shaded = function(ctx)
        -- C6: a free Conscript (§3.2.1) under its normal rules: its "Where", its caps, and
        -- only the Troops that are available (C3). "In up to 3 spaces": DS selects 0 to 3,
        -- so the grant is optional (0 = DS declines). No legal space: nothing happens.
        ctx:grant_command{ faction = "DS", command = "Conscript", max_spaces = 3, optional = true }
        ctx:log("DS may Conscript for free in up to 3 spaces")
    end,
}
