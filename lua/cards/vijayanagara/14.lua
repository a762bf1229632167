-- Card 14 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 14,
    title = "Khusrau Khan Seizes Delhi (1320)",
    order = "BDV",
    stay_eligible = false,
    text = {
        unshaded = "DS loses 3 Resources and gives 1 cavalry to BK, then 1 cavalry to VN. Place 2 Mongols in Mountain Passes.",
        shaded = "DS places up to 3 Troops in Delhi and gains 3 Resources.",
    },

    unshaded = function(ctx)
        -- C9: stops at 0.
        local lost = ctx:lose_resources("DS", 3)
        -- C10 "gives": a direct move of as many as DS holds; nothing from the pool. C12: BK first.
        local bk = ctx:give_cavalry("DS", "BK", math.min(1, ctx:cavalry("DS")))
        local vn = ctx:give_cavalry("DS", "VN", math.min(1, ctx:cavalry("DS")))
        -- C3: as many as are available. C16: no Amass overflow, no Plunder cap.
        local mongols = ctx:place("Mountain Passes", "Mongol", math.min(2, ctx:available("Mongol")))
        ctx:log("DS loses " .. ctx:count(lost, "Resource") .. ", gives " .. ctx:count(bk, "cavalry token")
            .. " to BK and " .. ctx:count(vn, "cavalry token") .. " to VN; "
            .. ctx:count(mongols, "Mongol") .. " placed in Mountain Passes")
    end,

    shaded = function(ctx)
        -- C1: DS is named, so DS says how many (C2 "up to"); C3: at most what is available.
        local max = math.min(3, ctx:available("Troop"))
        local n = 0
        if max > 0 then
            n = ctx:choose_number{ min = 0, max = max, player = "DS", prompt = "How many Troops to place in Delhi?" }
        end
        local placed = ctx:place("Delhi", "Troop", n)
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", 3)
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " in Delhi and gains " .. ctx:count(gained, "Resource"))
    end,
}
