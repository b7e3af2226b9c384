-- Times one of these benchmarks on MAME's dragon32 (autoboot script; see README.md for the command).
-- Puts $BIN's bytes at $3000 (N at $3002 from $REPS when set), types CLEAR 200,&H2FFF and
-- EXEC &H3000, and times the run from the field the status byte $3004 reads 1 to the field it
-- reads 2: host CPU seconds (os.clock), host wall seconds (/proc/uptime) and emulated seconds.
-- The emulated time is only as fine as a field; the program's cycles are exact from the data sheet.
local CLOCK = 888625 -- MAME's dragon32 CPU clock (mame dragon32 -listxml)
local m = manager.machine
local mem = m.devices[":maincpu"].spaces["program"]
local f = assert(io.open(os.getenv("BIN"), "rb")); local bin = f:read("a"); f:close()
local reps = tonumber(os.getenv("REPS") or "0")
local field, typed, started, done = 0, 0, nil, false
local keys = { "CLEAR 200,&H2FFF\r", "EXEC &H3000\r" }
local function uptime() local u = io.open("/proc/uptime"); local s = u:read("n"); u:close(); return s end
emu.register_frame_done(function()
  field = field + 1
  if field == 100 then -- BASIC is at OK by now
    for i = 1, #bin do mem:write_u8(0x3000 + i - 1, bin:byte(i)) end
    if reps > 0 then mem:write_u8(0x3002, reps >> 8); mem:write_u8(0x3003, reps & 255) end
  end
  if field >= 110 and typed < #keys and not m.natkeyboard.is_posting and field % 60 == 0 then
    typed = typed + 1; m.natkeyboard:post(keys[typed])
  end
  local status = mem:read_u8(0x3004)
  if status == 1 and not started then started = { os.clock(), uptime(), m.time:as_double() } end
  if status == 2 and started and not done then
    done = true
    local cpu_s, wall_s, emu_s = os.clock() - started[1], uptime() - started[2], m.time:as_double() - started[3]
    print(string.format("RESULT emu_s=%.3f cycles=%.0f host_cpu_s=%.3f host_wall_s=%.2f MHz_by_cpu=%.2f MHz_by_wall=%.2f result=%d",
      emu_s, emu_s * CLOCK, cpu_s, wall_s, emu_s * CLOCK / cpu_s / 1e6, emu_s * CLOCK / wall_s / 1e6,
      mem:read_u8(0x3005) * 256 + mem:read_u8(0x3006)))
    m:exit()
  end
end)
