-- An example Vijayanagara bot that plays any seat, through the generic `game` methods and
-- the seat's view. It never hands out a gift (another faction's gain), passes only when short
-- of Resources, prefers acting to stopping ("done"), and otherwise picks at random.
return function(game)
    local decision = game:decision()
    local me = game:view(decision.seat)
    local acting, stopping = {}, {}
    for _, action in ipairs(decision.choices) do
        if action:find("^give ") then
            -- A gift helps another faction.
        elseif action == "done" or (action == "option Pass" and me.resources > 2) then
            stopping[#stopping + 1] = action
        else
            acting[#acting + 1] = action
        end
    end
    local pool = acting
    if #pool == 0 then pool = stopping end
    if #pool == 0 then pool = decision.choices end
    return pool[math.random(#pool)]
end
