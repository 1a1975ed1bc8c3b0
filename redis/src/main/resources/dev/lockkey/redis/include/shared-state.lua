-- The shared locks' names (KEYS and ARGV as in shared-acquire.lua), the server's time and the
-- upkeep every shared script runs: a share's keys live as long as what they hold.
local holders, writer, owners, fence, waiters, waiting, releaser =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local owner, kind = ARGV[1], ARGV[2]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local function lastEnd(set)
  local top = redis.call('ZRANGE', set, -1, -1, 'WITHSCORES')
  return top[2] and tonumber(top[2]) or 0
end

-- every key lives as long as what it holds, and no longer
local function keepHolders()
  local last = math.max(lastEnd(holders), lastEnd(writer))
  if last > 0 then
    redis.call('PEXPIREAT', holders, last)
    redis.call('PEXPIREAT', writer, last)
    redis.call('PEXPIREAT', owners, last)
  end
end
