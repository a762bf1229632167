-- Card 5 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 5,
    title = "Siri Fort Raised (1303)",
    order = "DBV",
    stay_eligible = true,
    text = {
        unshaded = "Place 2 Mongols in Punjab, then 1 Mongol in Delhi.",
        shaded = "DS places 1 Qasbah in Delhi if Delhi has no structure. LASTING: until the next Succession card, Plunder (§3.5.3) removes no DS Troops; the Resource loss still applies.",
    },

    unshaded = function(ctx)
        -- C3: as many as are available, Punjab first (C12). C16: no cascade, no cap.
        local punjab = ctx:place("Punjab", "Mongol", math.min(2, ctx:available("Mongol")))
        local delhi = ctx:place("Delhi", "Mongol", math.min(1, ctx:available("Mongol")))
        ctx:log(ctx:count(punjab, "Mongol") .. " placed in Punjab, " .. ctx:count(delhi, "Mongol") .. " in Delhi")
    end,

    shaded = function(ctx)
        -- C3: a structure that cannot be placed is not placed.
        if ctx:pieces("Delhi").structure == nil and ctx:available("Qasbah") > 0 then
            ctx:place("Delhi", "Qasbah", 1)
            ctx:log("DS places a Qasbah in Delhi")
        end
        -- C14: in force until the next Succession card is revealed.
        ctx:add_lasting("siri_fort")
    end,
}
