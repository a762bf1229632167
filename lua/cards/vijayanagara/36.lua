-- Card 36 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 36,
    title = "Firuz Shah Bahmani Crowned (1397)",
    order = "BDV",
    stay_eligible = true,
    text = {
        unshaded = "BK shifts its Influence +1 and gains 2 Resources. Then BK places 1 Amir in a Province that holds a Fort (BK chooses; none if there is no Fort).",
        shaded = "BK shifts its Influence −1 and gives 1 cavalry to DS. DS gains 2 Resources.",
    },

    unshaded = function(ctx)
        -- C8: a shift past 4 is ignored; a released slot goes to BK's box at once.
        local level = ctx:shift_influence("BK", 1)
        -- C9: capped at 24.
        local gained = ctx:gain_resources("BK", 2)
        ctx:log("BK Influence " .. level .. "; BK gains " .. ctx:count(gained, "Resource"))
        -- C13: Provinces only (Forts stand nowhere else, §1.3). C3: nothing without an
        -- available Amir; C2: nothing without a Fort, and then nothing to choose.
        local among = {}
        for _, space in ipairs(ctx:provinces()) do
            if ctx:pieces(space).forts > 0 then
                among[#among + 1] = space
            end
        end
        if ctx:available("Amir") > 0 then
            local space = ctx:choose_space{ among = among, player = "BK", prompt = "Place 1 Amir in" }
            if space ~= nil then
                -- C3: Obedient; R1 turns it Rebelling in a BK-controlled Province.
                ctx:place(space, "Amir", 1)
                ctx:log("BK places 1 Amir in " .. space)
            end
        end
    end,

    shaded = function(ctx)
        -- C8: a shift past 0 is ignored; a slot dropped below is refilled at once (BK chooses).
        local level = ctx:shift_influence("BK", -1)
        -- C10 "gives": a direct move of as many as BK holds, up to 1; nothing from the pool.
        local given = ctx:give_cavalry("BK", "DS", math.min(1, ctx:cavalry("BK")))
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", 2)
        ctx:log("BK Influence " .. level .. "; BK gives " .. ctx:count(given, "cavalry token") .. " to DS; DS gains "
            .. ctx:count(gained, "Resource"))
    end,
}
