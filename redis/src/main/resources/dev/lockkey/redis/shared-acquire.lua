-- Takes a share of a lock with several holders: a permit (kind 'p', at most N holders) or a read
-- share ('r') or the write lock ('w') of a read/write lock. Every holder is an owner token in a
-- sorted set scored by when its lease ends (server ms): those past their end are dropped here, by
-- the server's clock (TIME), so a crashed holder's share comes back when its lease ends and no
-- caller's clock is read. Waiters queue by arrival (server microseconds); a queue entry lives a
-- while past its waiter's last attempt, so a dead waiter blocks nobody for long.
-- Admission: 'p' while fewer than N are held and fewer than the free permits queue ahead of the
-- caller (a caller not queued has everyone ahead); 'r' while no writer holds and no writer queues
-- ahead; 'w' while nobody holds and the caller is first in the queue (or it is empty).
-- A second run of the same call (a client's retry) finds the owner holding and answers with the
-- fencing token the first run wrote; a late copy after the owner's release takes nothing.
-- KEYS (one hash slot): 1 holders (permits, or readers), 2 the writer (permits: KEYS[1] again),
-- 3 owner token -> fencing token, 4 the last fencing token, 5 the queue (member '<kind>:<owner>'
-- -> arrival), 6 until when each queue entry lives (member -> server ms), 7 the last releaser.
-- ARGV: 1 owner token, 2 kind, 3 N (permits), 4 lease ms, 5 fence grace ms, 6 '1' to queue when
-- not admitted, 7 a queue entry's life ms, 8 the writer's owner token to downgrade from, or ''.
-- Returns {1, fencing token} when taken, {0, ms until the first holder's lease ends (-1: none)}
-- when not, {-1} when a downgrade found its write lock gone.
--#include shared-state

local function keepQueue()
  local last = lastEnd(waiting)
  if last > 0 then
    redis.call('PEXPIREAT', waiters, last)
    redis.call('PEXPIREAT', waiting, last)
  end
end

--#include shared-prune

local mine = redis.call('HGET', owners, owner)
if mine then
  return {1, tonumber(mine)}
end
if redis.call('GET', releaser) == owner then
  return {0, -1}
end

local member = kind .. ':' .. owner
local rank = redis.call('ZRANK', waiters, member)
local admitted = false
if ARGV[8] ~= '' then
  if not redis.call('ZSCORE', writer, ARGV[8]) then
    return {-1}
  end
  admitted = true
elseif kind == 'p' then
  local free = tonumber(ARGV[3]) - redis.call('ZCARD', holders)
  admitted = free > 0 and (rank or redis.call('ZCARD', waiters)) < free
elseif kind == 'r' then
  if redis.call('ZCARD', writer) == 0 then
    admitted = true
    if rank ~= 0 then
      for _, ahead in ipairs(redis.call('ZRANGE', waiters, 0, rank and rank - 1 or -1)) do
        if string.sub(ahead, 1, 1) == 'w' then
          admitted = false
          break
        end
      end
    end
  end
else
  admitted = redis.call('ZCARD', writer) == 0 and redis.call('ZCARD', holders) == 0
    and (rank == 0 or (not rank and redis.call('ZCARD', waiters) == 0))
end

if admitted then
  local ends = now + tonumber(ARGV[4])
  local token
  if ARGV[8] ~= '' then
    -- the read share keeps the write lock's token: nobody wrote in between
    token = tonumber(redis.call('HGET', owners, ARGV[8]))
    redis.call('ZREM', writer, ARGV[8])
    redis.call('HDEL', owners, ARGV[8])
    redis.call('SET', releaser, ARGV[8], 'PX', ARGV[4])
  else
    -- above every earlier token, also after the fencing state expired (the server's clock in us)
    token = math.max(now * 1000, (tonumber(redis.call('GET', fence)) or 0) + 1)
    local life = math.max(redis.call('PTTL', fence), tonumber(ARGV[4]) + tonumber(ARGV[5]))
    redis.call('SET', fence, string.format('%d', token), 'PX', life)
  end
  redis.call('ZADD', kind == 'w' and writer or holders, ends, owner)
  redis.call('HSET', owners, owner, string.format('%d', token))
  if rank then
    redis.call('ZREM', waiters, member)
    redis.call('ZREM', waiting, member)
  end
  keepHolders()
  return {1, token}
end

if ARGV[6] == '1' then
  if not rank then
    redis.call('ZADD', waiters, tonumber(time[1]) * 1000000 + tonumber(time[2]), member)
  end
  redis.call('ZADD', waiting, now + tonumber(ARGV[7]), member)
  keepQueue()
end
local first = redis.call('ZRANGE', holders, 0, 0, 'WITHSCORES')[2]
local held = redis.call('ZRANGE', writer, 0, 0, 'WITHSCORES')[2]
if held and (not first or tonumber(held) < tonumber(first)) then
  first = held
end
return {0, first and (tonumber(first) - now) or -1}
