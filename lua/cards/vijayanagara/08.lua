-- Card 8 of the darbar default deck (original, not the published cards): deck file §2.
-- Conventions C1–C16 of the deck file (§1.2) apply; the comments cite the ones used.
return {
    number = 8,
    title = "Ghazi Malik, Warden of the Marches (1305–1320)",
    order = "DVB",
    stay_eligible = true,
    text = {
        unshaded = "DS moves 3 of its Troops from any Provinces to Punjab (DS chooses which).",
        shaded = "DS may carry out a free Attack in up to 2 spaces that hold Mongols, with MI as the defender in each (OQ-33).",
    },

    unshaded = function(ctx)
        -- C5: no adjacency, nothing paid. C2: as many as DS has in Provinces, up to 3.
        local moved = ctx:move_pieces{
            from = ctx:provinces(),
            to = "Punjab",
            kinds = "Troop",
            n = 3,
            player = "DS",
            prompt = "Move a Troop to Punjab from",
        }
        ctx:log("DS moves " .. ctx:count(moved, "Troop") .. " to Punjab")
    end,

    shaded = function(ctx)
        -- Mongols never stand in a Province (§1.3), and only DS and MI pieces stand outside
        -- the Provinces, so in every space that holds Mongols the defender is MI (OQ-33).
        local spaces = {}
        for _, space in ipairs(ctx:spaces()) do
            if ctx:pieces(space).mongols > 0 then
                spaces[#spaces + 1] = space
            end
        end
        -- C1: "DS may": DS decides. C6 "in up to 2 spaces": DS may select none.
        if #spaces > 0 then
            ctx:grant_command{ faction = "DS", command = "Attack", spaces = spaces, max_spaces = 2, optional = true }
        end
    end,
}
