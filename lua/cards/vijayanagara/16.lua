-- Card 16 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 16,
    title = "Fall of Kampili (1327)",
    order = "VDB",
    stay_eligible = false,
    text = {
        unshaded = "VN places 2 Rajas in Karnataka, then carries out a free Rally in up to 2 Provinces.",
        shaded = "In 1 Province that holds a DS unit and no Temple (executor chooses), remove up to 3 Rajas. DS gains 1 Resource per Raja removed.",
    },

    unshaded = function(ctx)
        -- C3: Obedient, as many as are available.
        local placed = ctx:place("Karnataka", "Raja", math.min(2, ctx:available("Raja")))
        ctx:log("VN places " .. ctx:count(placed, "Raja") .. " in Karnataka")
        -- C6 "in up to 2 spaces": VN (C1) selects 0 to 2. With no legal space (no Raja
        -- available, §3.4.1) nothing happens (C2).
        ctx:grant_command{ faction = "VN", command = "Rally", max_spaces = 2, optional = true }
    end,

    shaded = function(ctx)
        -- C13: "Province" only; a DS unit is a Troop or a Governor.
        local among = {}
        for _, space in ipairs(ctx:provinces()) do
            local p = ctx:pieces(space)
            if p.troops + p.governors > 0 and p.temples == 0 then
                among[#among + 1] = space
            end
        end
        local space = ctx:choose_space{ among = among, prompt = "Remove up to 3 Rajas from" }
        local removed = 0
        if space ~= nil then
            -- C2 "up to": the executor says how many.
            removed = ctx:remove_pieces{
                from = space,
                kinds = "Raja",
                n = 3,
                up_to = true,
                prompt = "How many Rajas to remove?",
            }
            ctx:log(ctx:count(removed, "Raja") .. " removed from " .. space)
        end
        -- C9: capped at 24.
        local gained = ctx:gain_resources("DS", removed)
        ctx:log("DS gains " .. ctx:count(gained, "Resource"))
    end,
}
