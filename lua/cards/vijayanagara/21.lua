-- Card 21 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 21,
    title = "Ma'bar Breaks Away (1335)",
    order = "VDB",
    stay_eligible = true,
    text = {
        unshaded = "Remove the Tributary marker from Tamilakam (if present) and remove 1 DS Troop from Tamilakam.",
        shaded = "DS places 2 Troops in Tamilakam. Then, if Tamilakam is Independent and DS units there outnumber Rajas there, place a Tributary marker there.",
    },

    unshaded = function(ctx)
        -- C11: nothing happens to an Independent Province; the rest still applies. Control
        -- and R2 are recomputed after each change (C12, §1.7).
        ctx:remove_tributary("Tamilakam")
        -- C2/C4: if Tamilakam holds a Troop.
        local removed = ctx:remove("Tamilakam", "Troop", math.min(1, ctx:pieces("Tamilakam").troops))
        ctx:log("Tamilakam is Independent; " .. ctx:count(removed, "DS Troop") .. " removed")
    end,

    shaded = function(ctx)
        -- C3: as many as are available.
        local placed = ctx:place("Tamilakam", "Troop", math.min(2, ctx:available("Troop")))
        ctx:log("DS places " .. ctx:count(placed, "Troop") .. " in Tamilakam")
        -- C12: the condition is checked now. C13: DS units = Troops and Governors.
        local p = ctx:pieces("Tamilakam")
        if not ctx:is_tributary("Tamilakam") and p.troops + p.governors > p.rajas then
            -- C11: control goes and every Rebelling Raja there turns Obedient (R3).
            ctx:add_tributary("Tamilakam")
            ctx:log("Tamilakam is Tributary again")
        end
    end,
}
