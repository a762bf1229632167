-- Card 27 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 27,
    title = "Raid on Jajnagar (1360)",
    order = "DVB",
    stay_eligible = false,
    text = {
        unshaded = "Remove the Tributary marker from Orissa (if present). Then VN may place 1 Raja in Orissa.",
        shaded = "DS carries out a free Campaign (§4.2.2) whose destination is Orissa or a Province adjacent to Orissa, then gains 2 Resources.",
    },

    unshaded = function(ctx)
        -- C11: nothing happens to an Independent Province; the rest still applies.
        if ctx:remove_tributary("Orissa") then
            ctx:log("Orissa is Independent")
        end
        -- C1: "VN may": VN decides. C3: nothing to decide if no Raja is available.
        if ctx:available("Raja") > 0
            and ctx:choose_yes_no{ player = "VN", prompt = "Place 1 Raja in Orissa?" }
        then
            -- C3: Obedient; R2 turns it Rebelling if VN then controls Orissa (§1.7).
            ctx:place("Orissa", "Raja", 1)
            ctx:log("VN places 1 Raja in Orissa")
        end
    end,

    shaded = function(ctx)
        -- C13: "a Province adjacent to Orissa"; the map decides which (§1.3.5: Madhyadesh
        -- touches Orissa at a corner).
        local destinations = { "Orissa" }
        for _, space in ipairs(ctx:neighbours("Orissa")) do
            if ctx:kind(space) == "Province" then
                destinations[#destinations + 1] = space
            end
        end
        -- C6: DS carries out the Campaign under all its rules (OQ-45); the core only offers
        -- paths that can end in one of these. A Decree may end with no target (OQ-23).
        ctx:grant_decree{ faction = "DS", decree = "Campaign", spaces = destinations }
        -- C9: capped at 24. The gain does not depend on the Campaign, which moves no
        -- Resources, so taking it before the granted Campaign is carried out changes nothing.
        local gained = ctx:gain_resources("DS", 2)
        ctx:log("DS carries out a free Campaign ending in Orissa or next to it, and gains " .. ctx:count(gained, "Resource"))
    end,
}
