-- Card 3 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 3,
    title = "Fall of Anhilwara (1299)",
    order = "DBV",
    stay_eligible = true,
    text = {
        unshaded = "BK gains 2 cavalry, then places 1 Amir in Gujarat or Maharashtra (BK chooses).",
        shaded = "DS places 1 Governor and 1 Troop in Gujarat and gains 1 cavalry.",
    },

    unshaded = function(ctx)
        -- C10: from the pool; a shortfall comes from other factions of BK's choice.
        local got = ctx:gain_cavalry("BK", 2)
        got = got + ctx:take_cavalry("BK", 2 - got)
        ctx:log("BK gains " .. ctx:count(got, "cavalry token"))
        -- C3: nothing to place if no Amir is available, and then nothing to choose.
        if ctx:available("Amir") > 0 then
            local space = ctx:choose_space{
                among = { "Gujarat", "Maharashtra" },
                player = "BK",
                prompt = "Place 1 Amir in",
            }
            ctx:place(space, "Amir", 1)
            ctx:log("BK places 1 Amir in " .. space)
        end
    end,

    shaded = function(ctx)
        local governors = ctx:place("Gujarat", "Governor", math.min(1, ctx:available("Governor")))
        local troops = ctx:place("Gujarat", "Troop", math.min(1, ctx:available("Troop")))
        -- C10, as for the unshaded side.
        local got = ctx:gain_cavalry("DS", 1)
        got = got + ctx:take_cavalry("DS", 1 - got)
        ctx:log("DS places " .. ctx:count(governors, "Governor") .. " and " .. ctx:count(troops, "Troop")
            .. " in Gujarat and gains " .. ctx:count(got, "cavalry token"))
    end,
}
