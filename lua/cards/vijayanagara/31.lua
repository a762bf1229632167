-- Card 31 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 31,
    title = "Great Mosque of Gulbarga (1367)",
    order = "BDV",
    stay_eligible = true,
    text = {
        unshaded = "BK carries out a free Build (Fort, §4.3.2), then gains 1 Resource.",
        shaded = "Remove 1 Fort from a Province that holds a DS Governor or at least 2 DS Troops (executor chooses). BK loses 2 Resources.",
    },

    unshaded = function(ctx)
        -- C6: BK chooses the Province under Build's rules (§4.3.2: an Amir there, no
        -- structure, a Fort available). With no such Province the Decree does nothing (OQ-23).
        ctx:grant_decree{ faction = "BK", decree = "Build" }
        -- C9: capped at 24. The Build costs nothing (§1.8), so gaining before the granted
        -- Build is carried out changes nothing.
        local gained = ctx:gain_resources("BK", 1)
        ctx:log("BK carries out a free Build (Fort) and gains " .. ctx:count(gained, "Resource"))
    end,

    shaded = function(ctx)
        -- C13: Provinces only. C1: the executor chooses; C2: with no such Province, nothing
        -- is removed and nothing asked.
        local among = {}
        for _, space in ipairs(ctx:provinces()) do
            local p = ctx:pieces(space)
            if p.forts > 0 and (p.governors > 0 or p.troops >= 2) then
                among[#among + 1] = space
            end
        end
        local space = ctx:choose_space{ among = among, prompt = "Remove the Fort of" }
        if space ~= nil then
            -- C4: to BK's box.
            ctx:remove(space, "Fort", 1)
            ctx:log("The Fort of " .. space .. " is removed")
        end
        -- C9: stops at 0.
        local lost = ctx:lose_resources("BK", 2)
        ctx:log("BK loses " .. ctx:count(lost, "Resource"))
    end,
}
