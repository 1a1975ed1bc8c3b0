-- Releases a share taken by shared-acquire.lua (see there for the data) and wakes, on the key's
-- release channel, the queued waiters that can get in now, one message (the waiter's owner token)
-- each: for permits ('p') the first as many as permits are free, for a read/write lock the first
-- waiter if it is a writer and nobody holds, else the readers at the head of the queue up to the
-- first writer. A second run of the same release answers "released" again (the releaser key names
-- the owner a while), and a late copy of the owner's acquire then takes nothing.
-- KEYS: as shared-acquire.lua.
-- ARGV: 1 owner token, 2 kind of the share, 3 N (permits), 4 how long the releaser key lives ms,
-- 5 the release channel, 6 '1' to also take the owner out of the queue and name it in the releaser
-- key when it held nothing (a waiter that gives up, or the clean-up after an unknown outcome).
-- Returns 1 when the owner held the share (now released, or by an earlier run of this release), else 0.
--#include shared-state

--#include shared-prune

local held = 0
local changed = #dead > 0
if redis.call('HDEL', owners, owner) == 1 then
  redis.call('ZREM', holders, owner)
  redis.call('ZREM', writer, owner)
  redis.call('SET', releaser, owner, 'PX', ARGV[4])
  held = 1
  changed = true
elseif redis.call('GET', releaser) == owner then
  held = 1
elseif ARGV[6] == '1' then
  redis.call('SET', releaser, owner, 'PX', ARGV[4])
end
if ARGV[6] == '1' then
  local member = kind .. ':' .. owner
  if redis.call('ZREM', waiters, member) == 1 then
    changed = true
  end
  redis.call('ZREM', waiting, member)
end
if redis.call('ZCARD', holders) == 0 and redis.call('ZCARD', writer) == 0 then
  redis.call('DEL', owners)
end

if changed then
  local wake = {}
  if kind == 'p' then
    local free = tonumber(ARGV[3]) - redis.call('ZCARD', holders)
    if free > 0 then
      wake = redis.call('ZRANGE', waiters, 0, free - 1)
    end
  elseif redis.call('ZCARD', writer) == 0 then
    for _, member in ipairs(redis.call('ZRANGE', waiters, 0, 999)) do
      if string.sub(member, 1, 1) == 'w' then
        if #wake == 0 and redis.call('ZCARD', holders) == 0 then
          wake[1] = member
        end
        break
      end
      wake[#wake + 1] = member
    end
  end
  for _, member in ipairs(wake) do
    redis.call('PUBLISH', ARGV[5], string.sub(member, 3))
  end
end
return held
