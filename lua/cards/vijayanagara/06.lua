-- Card 6 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 6,
    title = "Alauddin's Market Control (c. 1303)",
    order = "DVB",
    stay_eligible = false,
    text = {
        unshaded = "DS loses 2 Resources; BK and VN each gain 2 Resources.",
        shaded = "LASTING: until the next Succession card, DS Conscript places up to 1 more Troop in every selected space (caps: Delhi 6, other space with a Qasbah 3, Tributary Province without a Qasbah 2).",
    },

    unshaded = function(ctx)
        -- C9: losses stop at 0, gains are capped at 24.
        local lost = ctx:lose_resources("DS", 2)
        local bk = ctx:gain_resources("BK", 2)
        local vn = ctx:gain_resources("VN", 2)
        ctx:log("DS loses " .. ctx:count(lost, "Resource") .. "; BK gains " .. ctx:count(bk, "Resource")
            .. ", VN gains " .. ctx:count(vn, "Resource"))
    end,

    shaded = function(ctx)
        -- C14: the Conscript caps read this effect (§3.2.1).
        ctx:add_lasting("market_control")
    end,
}
