-- Card 35 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 35,
    title = "Malik Sarwar, Lord of the East (1394)",
    order = "BDV",
    stay_eligible = false,
    text = {
        unshaded = "Remove the Tributary marker from Jaunpur (if present) and remove 1 DS Troop from Jaunpur.",
        shaded = "DS places 1 Governor in Jaunpur, then may carry out a free Demand Obedience (§4.2.3) in Jaunpur only.",
    },

    unshaded = function(ctx)
        -- C11: nothing happens to an Independent Province; the rest still applies.
        if ctx:remove_tributary("Jaunpur") then
            ctx:log("Jaunpur is Independent")
        end
        -- C4: if there is no Troop, nothing is removed. Control is recomputed (C12, §1.7).
        local removed = ctx:remove("Jaunpur", "Troop", math.min(1, ctx:pieces("Jaunpur").troops))
        ctx:log(ctx:count(removed, "DS Troop") .. " removed from Jaunpur")
    end,

    shaded = function(ctx)
        -- C3: if one is available.
        local placed = ctx:place("Jaunpur", "Governor", math.min(1, ctx:available("Governor")))
        ctx:log("DS places " .. ctx:count(placed, "Governor") .. " in Jaunpur")
        -- C6: the Decree's own rules decide whether Jaunpur may be targeted (§4.2.3:
        -- DS-controlled, with a Governor). C1 "DS may": a Decree may always end with no
        -- target (OQ-23), so DS declines by selecting none.
        ctx:grant_decree{ faction = "DS", decree = "Demand Obedience", spaces = { "Jaunpur" } }
        ctx:log("DS may carry out a free Demand Obedience in Jaunpur")
    end,
}
