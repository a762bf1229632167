-- Card 10 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 10,
    title = "Kafur Before Warangal (1310)",
    order = "VDB",
    stay_eligible = true,
    text = {
        unshaded = "VN places 1 Raja in Andhra. Then, if Rajas in Andhra outnumber DS units there, remove the Qasbah from Andhra (if any).",
        shaded = "DS gains 2 Resources per Raja in Andhra (at most 8) and 1 cavalry.",
    },

    unshaded = function(ctx)
        -- C3: Obedient, if one is available.
        local placed = ctx:place("Andhra", "Raja", math.min(1, ctx:available("Raja")))
        ctx:log("VN places " .. ctx:count(placed, "Raja") .. " in Andhra")
        -- C12: the condition is checked now. C13: DS units = Troops and Governors.
        local p = ctx:pieces("Andhra")
        if p.rajas > p.troops + p.governors and p.qasbahs > 0 then
            -- C4: to DS's available box.
            ctx:remove("Andhra", "Qasbah", 1)
            ctx:log("The Qasbah of Andhra is removed")
        end
    end,

    shaded = function(ctx)
        -- C2: counted now; C9: capped at 24.
        local gained = ctx:gain_resources("DS", math.min(8, 2 * ctx:pieces("Andhra").rajas))
        -- C10: from the pool; a shortfall comes from other factions of DS's choice.
        local got = ctx:gain_cavalry("DS", 1)
        got = got + ctx:take_cavalry("DS", 1 - got)
        ctx:log("DS gains " .. ctx:count(gained, "Resource") .. " and " .. ctx:count(got, "cavalry token"))
    end,
}
