-- Card 2 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 2,
    title = "Raid on Devagiri (1296)",
    order = "DBV",
    stay_eligible = false,
    text = {
        unshaded = "BK places 2 Amirs in Maharashtra and gains 2 Resources.",
        shaded = "DS removes up to 2 Obedient Amirs from Maharashtra and gains 2 Resources per Amir removed.",
    },

    unshaded = function(ctx)
        -- C3: Obedient, as many as are available; R1 may turn them Rebelling.
        local placed = ctx:place("Maharashtra", "Amir", math.min(2, ctx:available("Amir")))
        -- C9: capped at 24.
        local gained = ctx:gain_resources("BK", 2)
        ctx:log("BK places " .. ctx:count(placed, "Amir") .. " in Maharashtra and gains " .. ctx:count(gained, "Resource"))
    end,

    shaded = function(ctx)
        -- C1: DS is named, so DS chooses how many (C2 "up to").
        local removed = ctx:remove_pieces{
            from = "Maharashtra",
            kinds = "Amir",
            state = "Obedient",
            n = 2,
            up_to = true,
            player = "DS",
            prompt = "How many Obedient Amirs to remove from Maharashtra?",
        }
        local gained = ctx:gain_resources("DS", 2 * removed)
        ctx:log("DS removes " .. ctx:count(removed, "Amir") .. " from Maharashtra and gains " .. ctx:count(gained, "Resource"))
    end,
}
