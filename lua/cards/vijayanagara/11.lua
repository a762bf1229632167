-- Card 11 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 11,
    title = "Sack of Dwarasamudra (1311)",
    order = "VBD",
    stay_eligible = true,
    text = {
        unshaded = "VN places up to 2 Rajas in Karnataka and gains 1 cavalry.",
        shaded = "Remove up to 2 Rajas from Karnataka (executor chooses). DS gains 1 cavalry, first from VN.",
    },

    unshaded = function(ctx)
        -- C1: VN is named, so VN says how many (C2 "up to"); C3: at most what is available.
        local max = math.min(2, ctx:available("Raja"))
        local n = 0
        if max > 0 then
            n = ctx:choose_number{ min = 0, max = max, player = "VN", prompt = "How many Rajas to place in Karnataka?" }
        end
        local placed = ctx:place("Karnataka", "Raja", n)
        -- C10: from the pool; a shortfall comes from other factions of VN's choice.
        local got = ctx:gain_cavalry("VN", 1)
        got = got + ctx:take_cavalry("VN", 1 - got)
        ctx:log("VN places " .. ctx:count(placed, "Raja") .. " in Karnataka and gains " .. ctx:count(got, "cavalry token"))
    end,

    shaded = function(ctx)
        -- C2 "up to": the executor says how many (and, if both states are there, which).
        local removed = ctx:remove_pieces{
            from = "Karnataka",
            kinds = "Raja",
            n = 2,
            up_to = true,
            prompt = "How many Rajas to remove from Karnataka?",
        }
        -- C10 "first from VN": as many as VN holds, up to 1; the rest as for a gain.
        local got = ctx:give_cavalry("VN", "DS", math.min(1, ctx:cavalry("VN")))
        if got < 1 then
            local pool = ctx:gain_cavalry("DS", 1)
            got = got + pool + ctx:take_cavalry("DS", 1 - pool)
        end
        ctx:log(ctx:count(removed, "Raja") .. " removed from Karnataka; DS gains " .. ctx:count(got, "cavalry token"))
    end,
}
