-- Deletes those of the locks that the owner still holds (all KEYS share one hash slot) or, where
-- others wait for a lock (its contention marker exists), passes it on by the hand-over routine:
-- to the first live waiter queued in Redis, whom the routine's message wakes alone and who holds
-- the lock from then on without another round trip, or, with nobody queued, frees it and wakes
-- every waiter with 'released'. One call deletes the lock and the marker and tells whether the
-- marker existed.
-- The fencing state then lives the fence grace only (not the rest of the lease it was written for),
-- and the releaser key names the owner token for a short while, so that a second run of this very
-- release (a client that timed out sends the command again, and when the node was only slow both
-- copies run) still answers "released" instead of "not held", and a late copy of the owner's
-- acquire takes nothing.
-- KEYS: six per lock, in the order of LockNames.keys() (see include/handover.lua).
-- ARGV[1]: owner token; ARGV[2]: fence grace in ms; ARGV[3]: how long the releaser key lives, in ms;
-- ARGV[4]: '1' to name the owner in the releaser key even where it held nothing, and to take it out
-- of the queues (the clean-up after an acquire whose outcome is unknown, or a waiter that gives up:
-- a copy of it still on its way must not take the lock), else '0'; ARGV[5]: the contention marker's
-- TTL in ms; ARGV[5 + i]: the release channel of lock i.
-- Returns one flag per lock: 1 when the owner held it (now deleted or handed over, or by an earlier
-- run of this release), 0 when not (left alone).
--#include handover

local reply = {}
for i = 1, #KEYS, 6 do
  local held = 0
  if ARGV[4] == '1' then
    redis.call('ZREM', KEYS[i + 4], ARGV[1])
    redis.call('HDEL', KEYS[i + 5], ARGV[1])
  end
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    -- one call deletes the lock and reads the contention marker: 2 keys deleted when others waited
    if redis.call('DEL', KEYS[i], KEYS[i + 2]) == 2 then
      handOver(i, nowMicros(), ARGV[(i + 5) / 6 + 5], ARGV[2], ARGV[5])
    else
      redis.call('PEXPIRE', KEYS[i + 1], ARGV[2])
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
