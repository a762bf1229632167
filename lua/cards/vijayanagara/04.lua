-- Card 4 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 4,
    title = "Hammira Holds Ranthambore (1301)",
    order = "VDB",
    stay_eligible = true,
    text = {
        unshaded = "Remove the Tributary marker from Rajput Kingdoms (if present), then remove 2 DS units from Rajput Kingdoms (executor chooses).",
        shaded = "DS places 2 Troops in Rajput Kingdoms. Then, if Rajput Kingdoms is Independent, place a Tributary marker there.",
    },

    unshaded = function(ctx)
        -- C11: nothing happens to an Independent Province; the rest still applies.
        ctx:remove_tributary("Rajput Kingdoms")
        -- C13: a DS unit is a Troop or a Governor. C2/C4: as many as there are (up to 2);
        -- the executor is asked only when both kinds are there and not all go.
        local removed = ctx:remove_pieces{
            from = "Rajput Kingdoms",
            kinds = { "Troop", "Governor" },
            n = 2,
            prompt = "Remove a DS unit from Rajput Kingdoms",
        }
        ctx:log("Rajput Kingdoms is Independent; " .. ctx:count(removed, "DS unit") .. " removed")
    end,

    shaded = function(ctx)
        local placed = ctx:place("Rajput Kingdoms", "Troop", math.min(2, ctx:available("Troop")))
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " in Rajput Kingdoms")
        -- C12: the condition is checked when the text reaches it.
        if not ctx:is_tributary("Rajput Kingdoms") then
            ctx:add_tributary("Rajput Kingdoms")
            ctx:log("Rajput Kingdoms is Tributary again")
        end
    end,
}
