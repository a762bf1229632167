-- Card 20 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 20,
    title = "The Qarachil Expedition (1333)",
    order = "BVD",
    stay_eligible = true,
    text = {
        unshaded = "Remove 3 DS Troops from Delhi, Jaunpur and/or Madhyadesh (executor chooses). DS returns 1 cavalry to the pool.",
        shaded = "DS places 1 Troop in each of up to 3 Tributary Provinces that hold a DS Troop (DS chooses), and gains 1 Resource.",
    },

    unshaded = function(ctx)
        -- C1: the executor picks each Troop's space. C2/C4: a bare 3, as many as the three
        -- spaces hold; asked only when the answer matters.
        local removed = ctx:remove_pieces{
            from = { "Delhi", "Jaunpur", "Madhyadesh" },
            kinds = "Troop",
            n = 3,
            prompt = "Remove a DS Troop from",
        }
        -- C10 "returns": as many as DS holds, up to 1.
        local returned = ctx:return_cavalry("DS", math.min(1, ctx:cavalry("DS")))
        ctx:log(ctx:count(removed, "DS Troop") .. " removed; DS returns " .. ctx:count(returned, "cavalry token") .. " to the pool")
    end,

    shaded = function(ctx)
        -- C1: DS is named, so DS picks the Provinces, one at a time, and may stop (C2 "up
        -- to 3"). C13: Provinces only. The condition is read as each is chosen (C2: counts at
        -- the moment); a placed Troop never removes another Province's Troop.
        local chosen, placed = {}, 0
        for _ = 1, 3 do
            -- C3: with no Troop available there is nothing to place, and so nothing to choose.
            if ctx:available("Troop") == 0 then
                break
            end
            local among = {}
            for _, space in ipairs(ctx:provinces()) do
                if not chosen[space] and ctx:is_tributary(space) and ctx:pieces(space).troops > 0 then
                    among[#among + 1] = space
                end
            end
            local space = ctx:choose_space{
                among = among,
                player = "DS",
                optional = true,
                prompt = "Place 1 Troop in (or done)",
            }
            if space == nil then
                break
            end
            chosen[space] = true
            placed = placed + ctx:place(space, "Troop", 1)
            ctx:log("DS places 1 Troop in " .. space)
        end
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", 1)
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " and gains " .. ctx:count(gained, "Resource"))
    end,
}
