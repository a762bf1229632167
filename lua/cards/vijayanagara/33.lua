-- Card 33 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 33,
    title = "Mujahid Shah's Southern Campaign (1375–1378)",
    order = "BVD",
    stay_eligible = true,
    text = {
        unshaded = "BK carries out a free Migrate with one destination, a Province that holds a Raja. Its optional Influence shift still costs 1 Resource. Then BK gains 1 cavalry.",
        shaded = "BK shifts its Influence −1 and loses 2 Resources. DS gains 1 cavalry.",
    },

    unshaded = function(ctx)
        -- The destinations: Provinces holding a Raja now (C12, C13).
        local destinations = {}
        for _, space in ipairs(ctx:provinces()) do
            if ctx:pieces(space).rajas > 0 then
                destinations[#destinations + 1] = space
            end
        end
        -- C6: one destination (a free Limited Migrate), under all of §3.3.2: up to 3 Amirs
        -- from adjacent Provinces, each once (§3.1.2). The Influence shift there stays
        -- optional and costs 1 Resource (§3.1.3, OQ-41); the core asks BK and charges it.
        -- If no destination is legal, nothing happens.
        if #destinations > 0 then
            ctx:grant_command{ faction = "BK", command = "Migrate", limited = true, spaces = destinations }
            ctx:log("BK carries out a free Migrate into a Province with a Raja")
        end
        -- C10: from the pool; a shortfall comes from other factions of BK's choice. The
        -- Migrate moves no cavalry, so gaining before it is carried out changes nothing.
        local got = ctx:gain_cavalry("BK", 1)
        got = got + ctx:take_cavalry("BK", 1 - got)
        ctx:log("BK gains " .. ctx:count(got, "cavalry token"))
    end,

    shaded = function(ctx)
        -- C8: a shift past 0 is ignored; a slot dropped below is refilled at once (BK chooses).
        local level = ctx:shift_influence("BK", -1)
        -- C9: stops at 0.
        local lost = ctx:lose_resources("BK", 2)
        -- C10: from the pool; a shortfall comes from other factions of DS's choice.
        local got = ctx:gain_cavalry("DS", 1)
        got = got + ctx:take_cavalry("DS", 1 - got)
        ctx:log("BK Influence " .. level .. ", BK loses " .. ctx:count(lost, "Resource") .. "; DS gains "
            .. ctx:count(got, "cavalry token"))
    end,
}
