-- Card 30 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 30,
    title = "Battle of Kauthal (1366)",
    order = "BVD",
    stay_eligible = false,
    text = {
        unshaded = "BK shifts its Influence +1 and VN shifts its Influence −1. BK gains 1 cavalry, first from VN.",
        shaded = "BK and VN each shift their Influence −1 and each return 1 cavalry to the pool. DS gains 2 Resources.",
    },

    unshaded = function(ctx)
        -- C8: shifts past 0 or 4 are ignored; released slots go to the box, dropped-below
        -- slots are refilled at once (the faction chooses). C12: BK first, then VN.
        local bk = ctx:shift_influence("BK", 1)
        local vn = ctx:shift_influence("VN", -1)
        -- C10 "first from VN": as many as VN holds, up to 1; the rest as for a gain (the
        -- pool, then other holders of BK's choice).
        local got = ctx:give_cavalry("VN", "BK", math.min(1, ctx:cavalry("VN")))
        if got < 1 then
            local pool = ctx:gain_cavalry("BK", 1)
            got = got + pool + ctx:take_cavalry("BK", 1 - pool)
        end
        ctx:log("BK Influence " .. bk .. ", VN Influence " .. vn .. "; BK gains " .. ctx:count(got, "cavalry token"))
    end,

    shaded = function(ctx)
        -- C8, C12: BK first, then VN.
        local bk = ctx:shift_influence("BK", -1)
        local vn = ctx:shift_influence("VN", -1)
        -- C10 "returns": as many as each holds, up to 1.
        local bk_back = ctx:return_cavalry("BK", math.min(1, ctx:cavalry("BK")))
        local vn_back = ctx:return_cavalry("VN", math.min(1, ctx:cavalry("VN")))
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", 2)
        ctx:log("BK Influence " .. bk .. ", VN Influence " .. vn .. "; BK returns " .. ctx:count(bk_back, "cavalry token")
            .. ", VN returns " .. ctx:count(vn_back, "cavalry token") .. "; DS gains " .. ctx:count(gained, "Resource"))
    end,
}
