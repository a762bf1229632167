-- Card 25 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 25,
    title = "The Four Tarafs (c. 1350)",
    order = "BVD",
    stay_eligible = false,
    text = {
        unshaded = "BK carries out a free Rally in up to 2 Provinces. LASTING: until the next Succession card, BK Rally places 1 more Amir in every selected Province that holds a Fort (at most 4 there).",
        shaded = "Remove 1 Amir from each of up to 3 Provinces that hold no Fort (executor chooses).",
    },

    unshaded = function(ctx)
        -- C6: a free Rally (§3.3.1) under its normal rules, chosen by BK (C1); "in up to 2
        -- Provinces": BK selects 0 to 2, so the grant is optional. No legal Province (no Amir
        -- available): nothing happens.
        ctx:grant_command{ faction = "BK", command = "Rally", max_spaces = 2, optional = true }
        -- C14: recorded when the event resolves, after the free Rally (C12), which therefore
        -- places no extra Amir; later BK Rallies read it until the next Succession card.
        ctx:add_lasting("four_tarafs")
        ctx:log("BK may Rally for free in up to 2 Provinces; Four Tarafs until the next Succession card")
    end,

    shaded = function(ctx)
        -- C1: the executor picks the Provinces, one at a time, and may stop (C2 "up to 3").
        -- C13: Provinces only.
        local chosen, removed = {}, 0
        for _ = 1, 3 do
            local among = {}
            for _, space in ipairs(ctx:provinces()) do
                local p = ctx:pieces(space)
                if not chosen[space] and p.amirs > 0 and p.forts == 0 then
                    among[#among + 1] = space
                end
            end
            local space = ctx:choose_space{
                among = among,
                optional = true,
                prompt = "Remove 1 Amir from (or done)",
            }
            if space == nil then
                break
            end
            chosen[space] = true
            -- C4: to BK's box; the executor says which state when both are there.
            removed = removed + ctx:remove_pieces{
                from = space,
                kinds = "Amir",
                n = 1,
                prompt = "Remove an Amir from " .. space,
            }
            ctx:log("1 Amir removed from " .. space)
        end
        ctx:log(ctx:count(removed, "Amir") .. " removed")
    end,
}
