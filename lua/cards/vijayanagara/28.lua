-- Card 28 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 28,
    title = "Velamas of Rachakonda (1360s)",
    order = "BVD",
    stay_eligible = true,
    text = {
        unshaded = "BK carries out a free Conspire (§4.3.3) in 1 Province only, with the Influence ≥ 2 extension whatever its Influence.",
        shaded = "BK and VN each shift their Influence −1 and each lose 2 Resources.",
    },

    unshaded = function(ctx)
        -- C6: BK makes the Conspire's choices under its rules (§4.3.3, OQ-47), in at most one
        -- Province, and may reach Provinces adjacent to a BK piece and replace Rajas as at
        -- Influence ≥ 2, whatever BK's Influence. With no target the Decree does nothing
        -- (OQ-23).
        ctx:grant_decree{ faction = "BK", decree = "Conspire", max_spaces = 1, influence_extension = true }
        ctx:log("BK carries out a free Conspire in 1 Province, with the Influence ≥ 2 extension")
    end,

    shaded = function(ctx)
        -- C8: a shift past 0 is ignored; a slot released by the shift is refilled at once,
        -- the faction choosing the pieces. C12: BK first, then VN.
        local bk = ctx:shift_influence("BK", -1)
        local vn = ctx:shift_influence("VN", -1)
        -- C9: losses stop at 0.
        local bk_lost = ctx:lose_resources("BK", 2)
        local vn_lost = ctx:lose_resources("VN", 2)
        ctx:log("BK Influence " .. bk .. ", VN Influence " .. vn .. "; BK loses " .. ctx:count(bk_lost, "Resource")
            .. ", VN loses " .. ctx:count(vn_lost, "Resource"))
    end,
}
