-- An example bot for the kingdom raid dice game. The file returns a function that receives
-- `game`, the read-only view of what the player knows (RG-9), and returns the text of one of
-- `game:legal_actions()`. `RaidScriptBot` (darbar-lua) runs it for every decision.
--
-- The plan: scout a site never seen (else the one seen longest ago); raid the weakest known
-- site the army beats with a margin; plunder on while it is safe; in settlement, buy food
-- when short, arm the soldiers, recruit with what is left.

-- Wall points of a defending site (ruling 9): Rampart for towns, Castle Wall for forts.
local WALL = { village = 0, town = 1, fort = 2, castle = 2 }
-- The most a village never seen can field: 1d3 soldiers and 1d3 weapons (RG-2.1).
local UNSEEN_VILLAGE = 3
-- How much stronger than a site's defence the raid must be.
local MARGIN = 2
-- Talents in order of preference.
local TALENTS = { "night-raid", "logistics", "elite", "rally", "merchant", "pillager" }

local function set_of(list)
    local set = {}
    for _, item in ipairs(list) do
        set[item] = true
    end
    return set
end

-- The defence a site showed when last seen (strength, walls, one more for Elite), or nil.
local function defence(site)
    if not site.seen then
        if site.kind == "village" then
            return UNSEEN_VILLAGE
        end
        return nil
    end
    local d = math.min(site.soldiers, site.weapons) + WALL[site.kind]
    if set_of(site.talents).elite then
        d = d + 1
    end
    return d
end

-- One of the best-ranked names, ties broken by math.random; nil if none.
local function pick(ranked)
    local best, best_rank = {}, nil
    for _, entry in ipairs(ranked) do
        local name, rank = entry[1], entry[2]
        if best_rank == nil or rank > best_rank then
            best, best_rank = { name }, rank
        elseif rank == best_rank then
            best[#best + 1] = name
        end
    end
    if #best == 0 then
        return nil
    end
    return best[math.random(#best)]
end

local function scout(game, legal)
    local ranked = {}
    local kind_bonus = { village = 3, town = 2, fort = 1, castle = 0 }
    for _, name in ipairs(game:sites()) do
        local site = game:site(name)
        if legal["scout " .. name] and site.raidable then
            if not site.seen then
                ranked[#ranked + 1] = { name, 100 + kind_bonus[site.kind] }
            elseif game:turn() - site.seen_turn >= 2 then
                ranked[#ranked + 1] = { name, game:turn() - site.seen_turn }
            end
        end
    end
    local name = pick(ranked)
    if name then
        return "scout " .. name
    end
    return "skip-scout"
end

local function raid(game, legal)
    local power = game:power()
    local ranked = {}
    for _, name in ipairs(game:sites()) do
        if legal["raid " .. name] then
            local d = defence(game:site(name))
            if d and power >= d + MARGIN then
                -- The weakest first; among equals, the richest seen.
                local site = game:site(name)
                local loot = site.seen and (site.food + site.funds + site.slaves) or 0
                ranked[#ranked + 1] = { name, -10 * d + math.min(loot, 9) }
            end
        end
    end
    local name = pick(ranked)
    if name then
        return "raid " .. name
    end
    return "end-raids"
end

local function plunder(game)
    local p = game:plunder()
    if p.step <= 2 and game:power() >= 5 then
        return "plunder"
    end
    return "stop-plunder"
end

local function talent(legal)
    for _, code in ipairs(TALENTS) do
        if legal["talent " .. code] then
            return "talent " .. code
        end
    end
    return nil
end

local function settle(game, legal)
    local camp = game:camp()
    local upkeep = (camp.soldiers + 1) // 2
    if game:has_talent("logistics") then
        upkeep = camp.soldiers // 2
    end
    -- Food for today's upkeep and tomorrow's, before anything else.
    if camp.food < 2 * upkeep + 1 then
        if legal["trade buy-food"] then
            return "trade buy-food"
        elseif legal["trade sell-slave"] then
            return "trade sell-slave"
        end
    end
    -- Soldiers without weapons do not fight (RG-5.2.1).
    if camp.weapons < camp.soldiers then
        if legal["trade merchant-weapon"] then
            return "trade merchant-weapon"
        elseif camp.funds >= 3 and legal["trade buy-weapon"] then
            return "trade buy-weapon"
        end
    end
    -- Recruit with the funds beyond a reserve of 1, while food can feed more soldiers.
    local spend = camp.funds - 1
    if spend >= 1 and camp.food >= camp.soldiers + 4 and legal["recruit " .. spend] then
        return "recruit " .. spend
    end
    return "end-settlement"
end

return function(game)
    local legal = set_of(game:legal_actions())
    local decision = game:decision()
    local choice
    if decision == "scout" then
        choice = scout(game, legal)
    elseif decision == "raid" then
        choice = raid(game, legal)
    elseif decision == "plunder" then
        choice = plunder(game)
    elseif decision == "talent" then
        choice = talent(legal)
    elseif decision == "settlement" then
        choice = settle(game, legal)
    end
    if choice == nil or not legal[choice] then
        -- Whatever happens, answer with something legal: the last choice ends the phase.
        local all = game:legal_actions()
        choice = all[#all]
    end
    return choice
end
