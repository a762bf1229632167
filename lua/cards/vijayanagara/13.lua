-- Card 13 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 13,
    title = "Harapaladeva's Revolt (1318)",
    order = "BVD",
    stay_eligible = false,
    text = {
        unshaded = "BK may carry out a free Rebel in Maharashtra, even under the Khalji dynasty. Then BK places 1 Amir in Maharashtra.",
        shaded = "DS places 1 Governor and 2 Troops in Maharashtra, then removes up to 2 Obedient Amirs there.",
    },

    unshaded = function(ctx)
        -- C7: the Rebel is legal under Khalji; every other Rebel rule applies: Maharashtra must
        -- be Tributary and hold a strict majority of BK pieces (OQ-42), checked now, before the
        -- Amir is placed (C12). Under Tughlaq the clause adds nothing.
        local total = 0
        for _, faction in ipairs({ "DS", "BK", "VN", "MI" }) do
            total = total + ctx:pieces_of("Maharashtra", faction)
        end
        local possible = ctx:is_tributary("Maharashtra") and 2 * ctx:pieces_of("Maharashtra", "BK") > total
        -- C1: "BK may": BK decides. C6: a granted Command selects its space once it starts,
        -- so declining is this question.
        local rebels = possible and ctx:choose_yes_no{ player = "BK", prompt = "Carry out a free Rebel in Maharashtra?" }
        -- C3: Obedient, if one is available.
        local placed = ctx:place("Maharashtra", "Amir", math.min(1, ctx:available("Amir")))
        ctx:log("BK places " .. ctx:count(placed, "Amir") .. " in Maharashtra")
        if rebels then
            -- C6: the grant is carried out when the effect is done, so after the Amir is placed.
            -- The outcome is the text's: the Rebel was legal before the placement (checked above)
            -- and one more Amir keeps BK's majority; the Rebel turns every Amir Rebelling,
            -- including the placed one, which R1 would turn Rebelling had it come after.
            ctx:grant_command{
                faction = "BK",
                command = "Rebel",
                limited = true,
                spaces = { "Maharashtra" },
                rebel_under_khalji = true,
            }
        end
    end,

    shaded = function(ctx)
        local governors = ctx:place("Maharashtra", "Governor", math.min(1, ctx:available("Governor")))
        local troops = ctx:place("Maharashtra", "Troop", math.min(2, ctx:available("Troop")))
        -- C1: DS is named, so DS says how many (C2 "up to").
        local removed = ctx:remove_pieces{
            from = "Maharashtra",
            kinds = "Amir",
            state = "Obedient",
            n = 2,
            up_to = true,
            player = "DS",
            prompt = "How many Obedient Amirs to remove from Maharashtra?",
        }
        ctx:log("DS places " .. ctx:count(governors, "Governor") .. " and " .. ctx:count(troops, "Troop")
            .. " in Maharashtra and removes " .. ctx:count(removed, "Amir"))
    end,
}
