-- Card 1 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 1,
    title = "The New Muslims of Mughalpura (1292)",
    order = "DVB",
    stay_eligible = true,
    text = {
        unshaded = "Place 2 Mongols in Delhi.",
        shaded = "Remove up to 2 Mongols from Mountain Passes and/or Punjab (executor chooses). DS places 1 Troop in Delhi per Mongol removed.",
    },

    unshaded = function(ctx)
        -- C3: as many as are available. C16: no Amass overflow, no Plunder cap.
        local placed = ctx:place("Delhi", "Mongol", math.min(2, ctx:available("Mongol")))
        ctx:log(ctx:count(placed, "Mongol") .. " placed in Delhi")
    end,

    shaded = function(ctx)
        -- C2 "up to": the executor says how many, then which space each comes from.
        local removed = ctx:remove_pieces{
            from = { "Mountain Passes", "Punjab" },
            kinds = "Mongol",
            n = 2,
            up_to = true,
            prompt = "How many Mongols to remove from Mountain Passes and Punjab?",
        }
        -- C3: 1 Troop per Mongol removed, as many as are available.
        local placed = ctx:place("Delhi", "Troop", math.min(removed, ctx:available("Troop")))
        ctx:log(ctx:count(removed, "Mongol") .. " removed; DS places " .. ctx:count(placed, "Troop") .. " in Delhi")
    end,
}
