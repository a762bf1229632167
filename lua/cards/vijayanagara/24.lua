-- Card 24 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 24,
    title = "The Amiran-i-Sada Revolt (1345)",
    order = "BDV",
    stay_eligible = false,
    text = {
        unshaded = "BK gains 2 Resources. LASTING: until the next Succession card, BK and VN may Rebel even under the Khalji dynasty.",
        shaded = "DS removes up to 2 Rebelling Amirs from any Provinces and gains 1 Resource per Amir removed.",
    },

    unshaded = function(ctx)
        -- C9: capped at 24.
        local gained = ctx:gain_resources("BK", 2)
        -- C14, C7: Rebel legality (§2.7.1, §3.3.3, §3.4.3) reads this effect; every other
        -- Rebel rule still applies. Under Tughlaq it adds nothing.
        ctx:add_lasting("amiran_i_sada")
        ctx:log("BK gains " .. ctx:count(gained, "Resource") .. "; BK and VN may Rebel under Khalji until the next Succession card")
    end,

    shaded = function(ctx)
        -- C1: DS is named, so DS says how many (C2 "up to") and from which Provinces (C13).
        local removed = ctx:remove_pieces{
            from = ctx:provinces(),
            kinds = "Amir",
            state = "Rebelling",
            n = 2,
            up_to = true,
            player = "DS",
            prompt = "How many Rebelling Amirs to remove?",
        }
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", removed)
        ctx:log("DS removes " .. ctx:count(removed, "Rebelling Amir") .. " and gains " .. ctx:count(gained, "Resource"))
    end,
}
