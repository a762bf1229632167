-- Card 34 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 34,
    title = "Madhava Mantri Takes Goa (c. 1380)",
    order = "VBD",
    stay_eligible = true,
    text = {
        unshaded = "VN gains 2 cavalry, first from BK. Then VN places 1 Raja in Karnataka or Maharashtra (VN chooses).",
        shaded = "DS gains 2 cavalry, first from VN.",
    },

    unshaded = function(ctx)
        -- C10 "first from BK": as many as BK holds, up to 2; the rest as for a gain (the
        -- pool, then other holders of VN's choice).
        local got = ctx:give_cavalry("BK", "VN", math.min(2, ctx:cavalry("BK")))
        if got < 2 then
            local pool = ctx:gain_cavalry("VN", 2 - got)
            got = got + pool + ctx:take_cavalry("VN", 2 - got - pool)
        end
        ctx:log("VN gains " .. ctx:count(got, "cavalry token"))
        -- C3: nothing to place if no Raja is available, and then nothing to choose.
        if ctx:available("Raja") > 0 then
            local space = ctx:choose_space{
                among = { "Karnataka", "Maharashtra" },
                player = "VN",
                prompt = "Place 1 Raja in",
            }
            -- C3: Obedient; R2 then applies.
            ctx:place(space, "Raja", 1)
            ctx:log("VN places 1 Raja in " .. space)
        end
    end,

    shaded = function(ctx)
        -- C10 "first from VN": as many as VN holds, up to 2; the rest as for a gain.
        local got = ctx:give_cavalry("VN", "DS", math.min(2, ctx:cavalry("VN")))
        if got < 2 then
            local pool = ctx:gain_cavalry("DS", 2 - got)
            got = got + pool + ctx:take_cavalry("DS", 2 - got - pool)
        end
        ctx:log("DS gains " .. ctx:count(got, "cavalry token"))
    end,
}
