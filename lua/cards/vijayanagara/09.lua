-- Card 9 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 9,
    title = "Ramachandra, Rai-Rayan (1308)",
    order = "BDV",
    stay_eligible = true,
    text = {
        unshaded = "BK places 2 Amirs in Maharashtra, then shifts its Influence +1.",
        shaded = "Place a Tributary marker in 1 Independent Province (executor chooses) that holds no Fort and no Temple and where DS units are at least as many as Amirs plus Rajas.",
    },

    unshaded = function(ctx)
        -- C3: Obedient, as many as are available; R1 may turn them Rebelling.
        local placed = ctx:place("Maharashtra", "Amir", math.min(2, ctx:available("Amir")))
        -- C8: a shift past 4 is ignored; a released slot goes to BK's box at once.
        local level = ctx:shift_influence("BK", 1)
        ctx:log("BK places " .. ctx:count(placed, "Amir") .. " in Maharashtra; BK Influence " .. level)
    end,

    shaded = function(ctx)
        -- C13: "Province" only; DS units = Troops and Governors. Counts taken now (C2).
        local among = {}
        for _, space in ipairs(ctx:provinces()) do
            local p = ctx:pieces(space)
            if not ctx:is_tributary(space)
                and p.forts == 0
                and p.temples == 0
                and p.troops + p.governors >= p.amirs + p.rajas
            then
                among[#among + 1] = space
            end
        end
        -- C2: no such Province, nothing to choose and nothing happens.
        local space = ctx:choose_space{ among = among, prompt = "Place a Tributary marker in" }
        if space ~= nil then
            -- C11: control is removed and every Rebelling unit there turns Obedient (R3).
            ctx:add_tributary(space)
            ctx:log(space .. " is Tributary")
        end
    end,
}
