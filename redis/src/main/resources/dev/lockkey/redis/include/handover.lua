-- The hand-over routine: the one place where a lock goes from a releasing owner to the first waiter
-- of another executor queued for it, and the one writer of the release channel's messages (parsed
-- by HandoverMessage). Not a script: release.lua and handoff.lua include it (an include line naming
-- 'handover'), and LuaScript puts this text in its place when they load.
-- A lock's keys come six at a time, in the one order of LockNames.keys(), from KEYS[i]: the lock,
-- its fencing state, its contention marker, its releaser key, its waiter queue (a sorted set: owner
-- token -> arrival), its waiter expiries (a hash: owner token -> the server time in ms until which
-- the entry lives).

-- The server's time in microseconds.
local function nowMicros()
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000000 + tonumber(now[2])
end

-- Called when the owner lets the lock of KEYS[i] go and its contention marker said others wait.
-- Hands the lock to the first queued waiter whose entry still lives (dropping those whose waiter
-- stopped trying): its owner token holds the lock for as long as its entry would have lived (a
-- dead waiter blocks no longer), with a new fencing token; it leaves the queue, and the marker
-- lives on while others queue, so the next release serves them. The channel then hears
-- '<owner token> <fencing token> <entry>' (entry: until when the waiter's queue entry lived, server
-- ms), which wakes that waiter alone. With no live entry, frees the lock (the fencing state then
-- lives the fence grace only, the marker goes) and the channel hears 'released', which wakes every
-- waiter to try again.
-- now: nowMicros(); graceMs: the fence grace in ms; markerTtlMs: the contention marker's TTL in ms.
-- Returns the new owner token and until when its entry lived, or nil when the lock was freed.
local function handOver(i, now, channel, graceMs, markerTtlMs)
  local nowms = math.floor(now / 1000)
  for _ = 1, 100 do -- bounded: a queue holds a few dozen waiters at most
    local head = redis.call('ZRANGE', KEYS[i + 4], 0, 0)[1]
    if not head then
      break
    end
    redis.call('ZREM', KEYS[i + 4], head)
    local deadline = tonumber(redis.call('HGET', KEYS[i + 5], head))
    redis.call('HDEL', KEYS[i + 5], head)
    if deadline and deadline > nowms then
      -- the clock floor keeps tokens rising after the fencing state expired (see the package doc)
      local token = math.max(now, (tonumber(redis.call('GET', KEYS[i + 1])) or 0) + 1)
      redis.call('SET', KEYS[i], head, 'PX', deadline - nowms)
      redis.call('SET', KEYS[i + 1], string.format('%d', token), 'PX', graceMs + deadline - nowms)
      if redis.call('ZCARD', KEYS[i + 4]) > 0 then
        redis.call('SET', KEYS[i + 2], '1', 'PX', markerTtlMs)
      else
        redis.call('DEL', KEYS[i + 2])
      end
      redis.call('PUBLISH', channel, head .. ' ' .. string.format('%d', token) .. ' ' .. string.format('%d', deadline))
      return head, deadline
    end
  end
  redis.call('DEL', KEYS[i], KEYS[i + 2])
  redis.call('PEXPIRE', KEYS[i + 1], graceMs)
  redis.call('PUBLISH', channel, 'released')
  return nil
end
