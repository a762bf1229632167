-- Card 22 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 22,
    title = "Vidyaranya's Blessing (1336)",
    order = "VDB",
    stay_eligible = false,
    text = {
        unshaded = "VN carries out a free Build (Temple, §4.4.2), then shifts its Influence +1.",
        shaded = "Remove 1 Temple from a Province that holds a DS unit (executor chooses). VN shifts its Influence −1.",
    },

    unshaded = function(ctx)
        -- C6: a Build under its own rules (§4.4.2: 1 available Temple, in one Province with a
        -- Raja and no structure), chosen by VN (C1); it may end with no target (OQ-23).
        ctx:grant_decree{ faction = "VN", decree = "Build" }
        -- C8: a shift past 4 is ignored; a slot passed is released to VN's box at once.
        -- The grant is carried out when the effect is done, so after this shift; the outcome
        -- is the text's (C12), because a +1 shift only moves slot Rajas to the box, which
        -- changes none of the Build's targets, and the Build changes nothing the shift reads.
        local level = ctx:shift_influence("VN", 1)
        ctx:log("VN may Build a Temple for free; VN Influence " .. level)
    end,

    shaded = function(ctx)
        -- C13: "Province" only; a DS unit is a Troop or a Governor.
        local among = {}
        for _, space in ipairs(ctx:provinces()) do
            local p = ctx:pieces(space)
            if p.temples > 0 and p.troops + p.governors > 0 then
                among[#among + 1] = space
            end
        end
        -- C1: the executor chooses. C2: no such Temple, nothing to choose; the shift still
        -- applies.
        local space = ctx:choose_space{ among = among, prompt = "Remove the Temple of" }
        if space ~= nil then
            -- C4: to VN's available box.
            ctx:remove(space, "Temple", 1)
            ctx:log("The Temple of " .. space .. " is removed")
        end
        -- C8: a shift past 0 is ignored; a slot the marker drops below is refilled at once,
        -- VN choosing where each Raja comes from.
        local level = ctx:shift_influence("VN", -1)
        ctx:log("VN Influence " .. level)
    end,
}
