-- Drops the holders whose lease ended and the queue entries whose waiter stopped asking, by the
-- server's clock (included after shared-state).
local function prune(set)
  local gone = redis.call('ZRANGEBYSCORE', set, '-inf', now)
  for _, token in ipairs(gone) do
    redis.call('HDEL', owners, token)
  end
  if #gone > 0 then
    redis.call('ZREMRANGEBYSCORE', set, '-inf', now)
  end
end

prune(holders)
if writer ~= holders then
  prune(writer)
end
local dead = redis.call('ZRANGEBYSCORE', waiting, '-inf', now)
for _, member in ipairs(dead) do
  redis.call('ZREM', waiters, member)
end
if #dead > 0 then
  redis.call('ZREMRANGEBYSCORE', waiting, '-inf', now)
end
