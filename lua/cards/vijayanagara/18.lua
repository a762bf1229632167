-- Card 18 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 18,
    title = "Token Currency (1329)",
    order = "DVB",
    stay_eligible = true,
    text = {
        unshaded = "LASTING: until the next Succession card, Collect Tribute gives DS no Resources. Its 2 cavalry are still gained.",
        shaded = "DS gains 5 Resources; BK and VN each lose 1 Resource.",
    },

    unshaded = function(ctx)
        -- C14: Collect Tribute (§4.2.1) reads this effect until the next Succession card is
        -- revealed; a free Collect Tribute (card 26) included.
        ctx:add_lasting("token_currency")
        ctx:log("Token Currency: Collect Tribute gives DS no Resources until the next Succession card")
    end,

    shaded = function(ctx)
        -- C9: gains are capped at 24, losses stop at 0.
        local gained = ctx:gain_resources("DS", 5)
        local bk = ctx:lose_resources("BK", 1)
        local vn = ctx:lose_resources("VN", 1)
        ctx:log("DS gains " .. ctx:count(gained, "Resource") .. "; BK loses " .. ctx:count(bk, "Resource")
            .. ", VN loses " .. ctx:count(vn, "Resource"))
    end,
}
