-- Card 29 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 29,
    title = "Fall of Mudgal (1366)",
    order = "VBD",
    stay_eligible = false,
    text = {
        unshaded = "VN shifts its Influence +1 and BK shifts its Influence −1. Then VN may remove 1 Amir from a Province that holds a Raja.",
        shaded = "BK and VN each lose 2 Resources. DS gains 1 Resource per Province that holds both an Amir and a Raja (at most 4).",
    },

    unshaded = function(ctx)
        -- C8: shifts past 0 or 4 are ignored; released slots go to the box, dropped-below
        -- slots are refilled at once (the faction chooses). C12: VN first, then BK.
        local vn = ctx:shift_influence("VN", 1)
        local bk = ctx:shift_influence("BK", -1)
        ctx:log("VN Influence " .. vn .. ", BK Influence " .. bk)
        -- C13: Provinces only; the Province must hold a Raja and an Amir to remove. The
        -- Provinces are taken now (C12), after the shifts, which may have refilled BK's slot
        -- from the map.
        local among = {}
        for _, space in ipairs(ctx:provinces()) do
            local p = ctx:pieces(space)
            if p.rajas > 0 and p.amirs > 0 then
                among[#among + 1] = space
            end
        end
        -- C1: "VN may": VN picks the Province or declines (done).
        local space = ctx:choose_space{
            among = among,
            player = "VN",
            optional = true,
            prompt = "Remove 1 Amir from (or done to remove none)",
        }
        if space ~= nil then
            -- C4: to BK's box; VN chooses which Amir when both states are there.
            ctx:remove_pieces{
                from = space,
                kinds = "Amir",
                n = 1,
                player = "VN",
                prompt = "Remove which Amir?",
            }
            ctx:log("VN removes 1 Amir from " .. space)
        end
    end,

    shaded = function(ctx)
        -- C9: losses stop at 0.
        local bk = ctx:lose_resources("BK", 2)
        local vn = ctx:lose_resources("VN", 2)
        -- C2: counted when the text is carried out. C13: Provinces only (Amirs and Rajas
        -- never stand elsewhere anyway, §1.3).
        local both = 0
        for _, space in ipairs(ctx:provinces()) do
            local p = ctx:pieces(space)
            if p.amirs > 0 and p.rajas > 0 then
                both = both + 1
            end
        end
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", math.min(4, both))
        ctx:log("BK loses " .. ctx:count(bk, "Resource") .. ", VN loses " .. ctx:count(vn, "Resource") .. "; DS gains "
            .. ctx:count(gained, "Resource") .. " (" .. ctx:count(both, "Province") .. " with both an Amir and a Raja)")
    end,
}
