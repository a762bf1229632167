-- Card 32 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 32,
    title = "Kumara Kampana Takes Madurai (c. 1371)",
    order = "VBD",
    stay_eligible = true,
    text = {
        unshaded = "VN moves up to 3 Rajas from Karnataka and/or Andhra to Tamilakam, then removes up to 2 DS units from Tamilakam.",
        shaded = "DS places 2 Troops in Tamilakam. VN shifts its Influence −1.",
    },

    unshaded = function(ctx)
        -- C1: VN is named, so VN says how many (C2 "up to") and which. C5: no adjacency,
        -- nothing paid; moved Rajas are Obedient in a Tributary Tamilakam, Rebelling in a
        -- VN-controlled one, otherwise unchanged; then R2.
        local moved = ctx:move_pieces{
            from = { "Karnataka", "Andhra" },
            to = "Tamilakam",
            kinds = "Raja",
            n = 3,
            up_to = true,
            player = "VN",
            prompt = "How many Rajas to move to Tamilakam?",
        }
        -- C13: a DS unit is a Troop or a Governor. C2, C4: VN says how many, then which.
        local removed = ctx:remove_pieces{
            from = "Tamilakam",
            kinds = { "Troop", "Governor" },
            n = 2,
            up_to = true,
            player = "VN",
            prompt = "How many DS units to remove from Tamilakam?",
        }
        ctx:log("VN moves " .. ctx:count(moved, "Raja") .. " to Tamilakam and removes " .. ctx:count(removed, "DS unit") .. " there")
    end,

    shaded = function(ctx)
        -- C3: as many as are available.
        local placed = ctx:place("Tamilakam", "Troop", math.min(2, ctx:available("Troop")))
        -- C8: a shift past 0 is ignored; a slot dropped below is refilled at once (VN chooses).
        local level = ctx:shift_influence("VN", -1)
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " in Tamilakam; VN Influence " .. level)
    end,
}
