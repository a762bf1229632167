-- Card 15 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 15,
    title = "Reddis of Kondavidu (c. 1325)",
    order = "VBD",
    stay_eligible = false,
    text = {
        unshaded = "The executor chooses Andhra or Gondwana. Remove its Tributary marker (if present), then VN places 1 Raja there.",
        shaded = "DS places 1 Governor in Andhra or Gondwana (executor chooses), then removes up to 2 Obedient Rajas from that Province.",
    },

    unshaded = function(ctx)
        local space = ctx:choose_space{ among = { "Andhra", "Gondwana" }, prompt = "Andhra or Gondwana?" }
        -- C11: nothing happens to an Independent Province; the rest still applies.
        ctx:remove_tributary(space)
        -- C3: Obedient, if one is available; R1 then turns it Rebelling if VN controls the space.
        local placed = ctx:place(space, "Raja", math.min(1, ctx:available("Raja")))
        ctx:log(space .. " is Independent; VN places " .. ctx:count(placed, "Raja") .. " there")
    end,

    shaded = function(ctx)
        -- C1: the executor chooses the Province.
        local space = ctx:choose_space{ among = { "Andhra", "Gondwana" }, prompt = "Place 1 DS Governor in" }
        local governors = ctx:place(space, "Governor", math.min(1, ctx:available("Governor")))
        -- C1: DS is named for the removal, so DS says how many (C2 "up to").
        local removed = ctx:remove_pieces{
            from = space,
            kinds = "Raja",
            state = "Obedient",
            n = 2,
            up_to = true,
            player = "DS",
            prompt = "How many Obedient Rajas to remove?",
        }
        ctx:log("DS places " .. ctx:count(governors, "Governor") .. " in " .. space .. " and removes " .. ctx:count(removed, "Raja"))
    end,
}
