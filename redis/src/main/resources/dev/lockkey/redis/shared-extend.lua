-- Sets a share taken by shared-acquire.lua (see there for the data) to end a lease from now, if
-- its owner still holds it by the server's clock. Running twice means the same as once.
-- KEYS: as shared-acquire.lua.
-- ARGV: 1 owner token, 2 lease ms, 3 fence grace ms.
-- Returns 1 when extended, 0 when the owner holds nothing (released, or its lease ended).
local holders, writer, owners, fence = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local owner = ARGV[1]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)

local set
local score = redis.call('ZSCORE', holders, owner)
if score then
  set = holders
else
  score = redis.call('ZSCORE', writer, owner)
  set = writer
end
if not score or tonumber(score) <= now then
  return 0
end
local ends = now + tonumber(ARGV[2])
redis.call('ZADD', set, 'XX', ends, owner)
local last = 0
for _, key in ipairs({holders, writer}) do
  local top = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2]
  if top then
    last = math.max(last, tonumber(top))
  end
end
redis.call('PEXPIREAT', holders, last)
redis.call('PEXPIREAT', writer, last)
redis.call('PEXPIREAT', owners, last)
redis.call('SET', fence, redis.call('GET', fence) or '0', 'PX',
  math.max(redis.call('PTTL', fence), tonumber(ARGV[2]) + tonumber(ARGV[3])))
return 1
