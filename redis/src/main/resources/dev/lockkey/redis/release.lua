-- Deletes those of the locks that the owner still holds (all KEYS share one hash slot) or, where
-- another executor waits in the lock's queue, hands the lock to the first waiter whose entry still
-- lives (a new owner token, the waiter's, and a new fencing token) and publishes on the lock's release
-- channel '<owner token> <fencing token> <entry>' (entry: until when the waiter's queue entry lived,
-- server ms, which is when its claim ends), which wakes that waiter only: it holds the lock from then
-- on without another round trip, if the entry named is the one its last attempt left. Where others
-- wait without a queue entry (the contention marker exists), it publishes 'released', which wakes
-- them all. One
-- call deletes the lock and the marker and tells whether the marker existed; a handover that leaves
-- waiters queued sets the marker again.
-- The fencing state then lives the fence grace only (not the rest of the lease it was written for),
-- and the releaser key names the owner token for a short while, so that a second run of this very
-- release (a client that timed out sends the command again, and when the node was only slow both
-- copies run) still answers "released" instead of "not held", and a late copy of the owner's
-- acquire takes nothing.
-- KEYS: six per lock: the lock, its contention marker, its fencing state, its releaser key, its
-- waiter queue, its waiter expiries (see acquire.lua).
-- ARGV[1]: owner token; ARGV[2]: fence grace in ms; ARGV[3]: how long the releaser key lives, in ms;
-- ARGV[4]: '1' to name the owner in the releaser key even where it held nothing, and to take it out
-- of the queues (the clean-up after an acquire whose outcome is unknown, or a waiter that gives up:
-- a copy of it still on its way must not take the lock), else '0'; ARGV[5]: the contention marker's
-- TTL in ms; ARGV[5 + i]: the release channel of lock i.
-- Returns one flag per lock: 1 when the owner held it (now deleted or handed over, or by an earlier
-- run of this release), 0 when not (left alone).
local nowms

-- The first queued waiter whose entry still lives, dropping those whose waiter stopped trying.
local function liveHead(waiters, expiries)
  if not nowms then
    local now = redis.call('TIME')
    nowms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  end
  for _ = 1, 100 do -- bounded: a queue holds a few dozen waiters at most
    local head = redis.call('ZRANGE', waiters, 0, 0)[1]
    if not head then
      return nil
    end
    local deadline = tonumber(redis.call('HGET', expiries, head))
    if deadline and deadline > nowms then
      return head, deadline
    end
    redis.call('ZREM', waiters, head)
    redis.call('HDEL', expiries, head)
  end
  return nil
end

local reply = {}
for i = 1, #KEYS, 6 do
  local held = 0
  if ARGV[4] == '1' then
    redis.call('ZREM', KEYS[i + 4], ARGV[1])
    redis.call('HDEL', KEYS[i + 5], ARGV[1])
  end
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    -- one call deletes the lock and reads the contention marker: 2 keys deleted when others waited
    local contended = redis.call('DEL', KEYS[i], KEYS[i + 1]) == 2
    local head, deadline
    if contended then
      head, deadline = liveHead(KEYS[i + 4], KEYS[i + 5])
    end
    if head then
      -- the waiter's claim lasts as long as its entry would have: a dead waiter blocks no longer
      local floor = nowms * 1000
      local token = math.max(floor, (tonumber(redis.call('GET', KEYS[i + 2])) or 0) + 1)
      redis.call('SET', KEYS[i], head, 'PX', deadline - nowms)
      redis.call('SET', KEYS[i + 2], string.format('%d', token), 'PX', ARGV[2] + deadline - nowms)
      redis.call('ZREM', KEYS[i + 4], head)
      redis.call('HDEL', KEYS[i + 5], head)
      if redis.call('ZCARD', KEYS[i + 4]) > 0 then
        redis.call('SET', KEYS[i + 1], '1', 'PX', ARGV[5]) -- others still queue: the next release serves them
      end
      redis.call('PUBLISH', ARGV[(i + 5) / 6 + 5], head .. ' ' .. string.format('%d', token) .. ' ' .. string.format('%d', deadline))
    else
      redis.call('PEXPIRE', KEYS[i + 2], ARGV[2])
      if contended then
        redis.call('PUBLISH', ARGV[(i + 5) / 6 + 5], 'released')
      end
    end
    redis.call('SET', KEYS[i + 3], ARGV[1], 'PX', ARGV[3])
    held = 1
  elseif redis.call('GET', KEYS[i + 3]) == ARGV[1] then
    held = 1
  elseif ARGV[4] == '1' then
    redis.call('SET', KEYS[i + 3], ARGV[1], 'PX', ARGV[3])
  end
  reply[#reply + 1] = held
end
return reply
