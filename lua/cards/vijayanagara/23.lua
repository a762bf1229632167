-- Card 23 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 23,
    title = "Death of Ballala III (1343)",
    order = "VBD",
    stay_eligible = false,
    text = {
        unshaded = "VN shifts its Influence +1 and BK shifts its Influence −1. Then VN places 1 Raja in Karnataka and 1 Raja in Tamilakam.",
        shaded = "Remove up to 2 Rajas from Karnataka or from Tamilakam (one Province; executor chooses). VN shifts its Influence −1.",
    },

    unshaded = function(ctx)
        -- C8: shifts past 0 or 4 are ignored; released slots go to the box at once, a slot
        -- BK's marker drops below is refilled at once (BK choosing the Amirs' sources).
        local vn = ctx:shift_influence("VN", 1)
        local bk = ctx:shift_influence("BK", -1)
        ctx:log("VN Influence " .. vn .. ", BK Influence " .. bk)
        -- C3: Obedient, as many as are available, Karnataka first (C12).
        local karnataka = ctx:place("Karnataka", "Raja", math.min(1, ctx:available("Raja")))
        local tamilakam = ctx:place("Tamilakam", "Raja", math.min(1, ctx:available("Raja")))
        ctx:log("VN places " .. ctx:count(karnataka, "Raja") .. " in Karnataka and " .. ctx:count(tamilakam, "Raja") .. " in Tamilakam")
    end,

    shaded = function(ctx)
        -- C1: the executor chooses the one Province; one without a Raja would remove nothing,
        -- so only those holding one are offered (C2: none, nothing to choose).
        local among = {}
        for _, space in ipairs({ "Karnataka", "Tamilakam" }) do
            if ctx:pieces(space).rajas > 0 then
                among[#among + 1] = space
            end
        end
        local space = ctx:choose_space{ among = among, prompt = "Remove up to 2 Rajas from" }
        if space ~= nil then
            -- C2 "up to": the executor says how many (and, if both states are there, which).
            local removed = ctx:remove_pieces{
                from = space,
                kinds = "Raja",
                n = 2,
                up_to = true,
                prompt = "How many Rajas to remove from " .. space .. "?",
            }
            ctx:log(ctx:count(removed, "Raja") .. " removed from " .. space)
        end
        -- C8: a shift past 0 is ignored; a slot the marker drops below is refilled at once.
        local level = ctx:shift_influence("VN", -1)
        ctx:log("VN Influence " .. level)
    end,
}
