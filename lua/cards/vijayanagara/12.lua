-- Card 12 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 12,
    title = "Pandya Brothers' War (1311)",
    order = "VDB",
    stay_eligible = false,
    text = {
        unshaded = "VN places 2 Rajas in Tamilakam. Then VN may carry out a free Rebel in Tamilakam, even under the Khalji dynasty.",
        shaded = "DS places 2 Troops in Tamilakam and removes 1 Raja there (DS chooses which).",
    },

    unshaded = function(ctx)
        -- C3: Obedient, as many as are available.
        local placed = ctx:place("Tamilakam", "Raja", math.min(2, ctx:available("Raja")))
        ctx:log("VN places " .. ctx:count(placed, "Raja") .. " in Tamilakam")
        -- C7: the Rebel is legal under Khalji; every other Rebel rule applies: Tamilakam must
        -- be Tributary and hold a strict majority of VN pieces (OQ-42). Under Tughlaq the
        -- clause adds nothing. If the Rebel is not possible, there is nothing to decide (C2).
        local total = 0
        for _, faction in ipairs({ "DS", "BK", "VN", "MI" }) do
            total = total + ctx:pieces_of("Tamilakam", faction)
        end
        local possible = ctx:is_tributary("Tamilakam") and 2 * ctx:pieces_of("Tamilakam", "VN") > total
        -- C1: "VN may": VN decides. C6: a granted Command selects its space once it starts,
        -- so declining is this question.
        if possible and ctx:choose_yes_no{ player = "VN", prompt = "Carry out a free Rebel in Tamilakam?" } then
            ctx:grant_command{
                faction = "VN",
                command = "Rebel",
                limited = true,
                spaces = { "Tamilakam" },
                rebel_under_khalji = true,
            }
        end
    end,

    shaded = function(ctx)
        local placed = ctx:place("Tamilakam", "Troop", math.min(2, ctx:available("Troop")))
        -- C1: DS is named, so DS chooses which Raja (Obedient or Rebelling) when it matters.
        local removed = ctx:remove_pieces{
            from = "Tamilakam",
            kinds = "Raja",
            n = 1,
            player = "DS",
            prompt = "Remove a Raja from Tamilakam",
        }
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " in Tamilakam and removes " .. ctx:count(removed, "Raja"))
    end,
}
