-- Card 26 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 26,
    title = "Canals of Firuz Shah (c. 1355)",
    order = "DVB",
    stay_eligible = false,
    text = {
        unshaded = "BK gains max(2, Forts on the map) Resources; VN gains max(2, Temples on the map) Resources.",
        shaded = "DS carries out a free Collect Tribute (§4.2.1).",
    },

    unshaded = function(ctx)
        -- C2: counted now. C9: capped at 24.
        local bk = ctx:gain_resources("BK", math.max(2, ctx:on_map("Fort")))
        local vn = ctx:gain_resources("VN", math.max(2, ctx:on_map("Temple")))
        ctx:log("BK gains " .. ctx:count(bk, "Resource") .. "; VN gains " .. ctx:count(vn, "Resource"))
    end,

    shaded = function(ctx)
        -- C6: Collect Tribute (§4.2.1) as the rules have it: ⌊Tributary Prosperity / 2⌋
        -- Resources (none while Token Currency lasts, card 18) and 2 cavalry (C10).
        ctx:grant_decree{ faction = "DS", decree = "Collect Tribute" }
        ctx:log("DS collects tribute")
    end,
}
