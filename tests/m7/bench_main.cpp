// The device benchmark: instructions a Cortex-M7 spends to generate and check
// a level of each game with its default parameters and at every preset the
// device offers (200 seeds each: the mean and the worst, every level within
// the 120 M goal, every slice within a frame), and the largest slice of its generator, under
// `qemu-system-arm -icount shift=0`, where guest time advances exactly with
// guest instructions. SysTick counts that time; a loop of known length
// calibrates ticks to instructions, so the figure does not depend on QEMU's
// board clock. A Playdate frame at 30 fps is about 5 million instructions.
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <memory>

#include "core/midend/generation.h"
#include "core/midend/registry.h"
#include "shell/playdate/app.h"
#include "shell/playdate/script.h"

extern "C" void* _sbrk(ptrdiff_t increment);  // newlib's heap break, used by malloc

namespace {

volatile uint32_t& syst_csr = *(volatile uint32_t*)0xE000E010;
volatile uint32_t& syst_rvr = *(volatile uint32_t*)0xE000E014;
volatile uint32_t& syst_cvr = *(volatile uint32_t*)0xE000E018;

extern "C" volatile uint32_t tilelab_systick_wraps;  // counted by startup.c's SysTick handler

void systick_start() {
  syst_rvr = 0xFFFFFF;
  syst_cvr = 0;
  syst_csr = 7;  // enabled, processor clock, interrupt on each wrap
}
// Ticks since the start: the wraps and the 24-bit down-counter, read so that
// a wrap between the two reads cannot tear the value.
uint64_t systick_now() {
  for (;;) {
    uint32_t wraps = tilelab_systick_wraps;
    uint32_t value = syst_cvr;
    if (wraps == tilelab_systick_wraps) return ((uint64_t)wraps << 24) + (0xFFFFFF - value);
  }
}
uint64_t ticks_between(uint64_t from, uint64_t to) { return to - from; }

// newlib-nano's printf has no %llu.
const char* u64(uint64_t v, char* buf) {
  char* p = buf + 20;
  *p = '\0';
  do *--p = (char)('0' + v % 10); while ((v /= 10) != 0);
  return p;
}

// 2 instructions a round: subs, bne.
void spin(uint32_t rounds) {
  __asm volatile("1: subs %0, %0, #1\n bne 1b" : "+r"(rounds) : : "cc");
}

// A Playdate frame at 30 fps: no slice of a generator may take more.
constexpr uint64_t kFrameBudget = 5000000;
// A level within about 0.7 s (issue 56): the Playdate's CPU runs about
// 168 M instructions a second, and no level of any setting the device offers
// may take more than 120 M, a margin for the frames drawn meanwhile.
constexpr uint64_t kLevelGoal = 120000000;
constexpr int kSeeds = 200;

// The figures of a setting's levels: the worst, and how many pass the goal.
struct LevelFigures {
  uint64_t worst = 0;
  int over_goal = 0;
  void add(uint64_t insns) {
    if (insns > worst) worst = insns;
    if (insns > kLevelGoal) ++over_goal;
  }
};
// The calibration loop's rounds: 2 instructions each.
constexpr uint32_t kRounds = 1000000;

// The instructions run in `ticks` of SysTick, by the ticks the calibration
// loop took: ticks * (2 * kRounds) / calibration.
uint64_t instructions(uint64_t ticks, uint64_t calibration) { return ticks * (2ull * kRounds) / calibration; }

using namespace tl;

// Each game's default level, 200 seeds made whole: a line each with the mean
// and the worst and the heap's high water. False when a seed made no level
// or one took more than the goal.
bool bench_default_levels(uint64_t calibration) {
  char* heap_start = (char*)_sbrk(0);
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    ParamValues p;
    params_default(game, &p);
    uint64_t total = 0;
    LevelFigures levels;
    int made = 0;
    for (int i = 0; i < kSeeds; ++i) {
      char seed[32];
      snprintf(seed, sizeof seed, "bench.%d", i + 1);
      Error e;
      GeneratedInfo info;
      uint64_t a = systick_now();
      std::unique_ptr<Level> level = game.generate(p, seed, &info, &e);
      uint64_t ticks = ticks_between(a, systick_now());
      if (!level) continue;
      ++made;
      uint64_t insns = instructions(ticks, calibration);
      total += insns;
      levels.add(insns);
    }
    char mean_buf[21], worst_buf[21];
    long heap = (long)((char*)_sbrk(0) - heap_start);
    printf("{\"game\":\"%s\",\"platform\":\"cortex-m7\",\"levels\":%d,"
           "\"mean_instructions_per_level\":%s,\"max_instructions_per_level\":%s,"
           "\"level_goal\":120000000,\"levels_over_goal\":%d,\"frame_budget\":5000000,\"heap_high_water_bytes\":%ld}\n",
           game.id, made, u64(made ? total / (uint64_t)made : 0, mean_buf), u64(levels.worst, worst_buf),
           levels.over_goal, heap);
    if (made != kSeeds) return false;
    if (levels.over_goal > 0) {
      printf("m7 bench: %d default %s levels take more than the goal's 120000000 instructions (the worst %s)\n",
             levels.over_goal, game.id, u64(levels.worst, worst_buf));
      return false;
    }
  }
  return true;
}

// Every game at every preset the device offers (the app's left and right),
// a level made a slice at a time as the app makes it: a line each with the
// largest slice, which must fit in a frame, and the largest level, which
// must be within the goal. False when a preset cannot be set (the bench stops
// there); *failed when a level or a slice is over its budget or a seed made
// no level.
bool bench_presets(uint64_t calibration, bool* failed) {
  for (int g = 0; g < game_count(); ++g) {
    const GameInfo& game = game_at(g);
    for (int preset = 0; preset < kPresetCount; ++preset) {
      ParamValues p;
      Error e;
      if (!params_preset(game, preset, &p, &e)) {
        printf("m7 bench: %s preset %s: %s\n", game.id, preset_name(preset), e.message);
        return false;
      }
      uint64_t worst = 0, total = 0;
      LevelFigures levels;
      int made = 0, slices = 0, most_slices = 0;
      for (int i = 0; i < kSeeds; ++i) {
        char seed[32];
        snprintf(seed, sizeof seed, "slice.%d", i + 1);
        uint64_t a = systick_now(), level_insns = 0;
        std::unique_ptr<GenerationTask> task = begin_generation(game, p, seed);
        GenerationStatus status;
        int n = 0;
        for (;;) {
          status = run_frame(task.get());
          ++n;
          if (status != GenerationStatus::kRunning) break;
          const uint64_t b = systick_now();
          const uint64_t insns = instructions(ticks_between(a, b), calibration);
          if (insns > worst) worst = insns;
          total += insns;
          level_insns += insns;
          a = systick_now();
        }
        GeneratedInfo info;
        std::unique_ptr<Level> level = task->take(&info, &e);
        task.reset();
        const uint64_t insns = instructions(ticks_between(a, systick_now()), calibration);
        if (insns > worst) worst = insns;
        total += insns;
        level_insns += insns;
        levels.add(level_insns);
        slices += n;
        if (n > most_slices) most_slices = n;
        if (level) ++made;
      }
      char worst_buf[21], mean_buf[21], level_buf[21];
      printf("{\"game\":\"%s\",\"platform\":\"cortex-m7\",\"preset\":\"%s\",\"levels\":%d,\"level_slices\":%d,"
             "\"most_level_slices\":%d,\"mean_instructions_per_level\":%s,\"max_instructions_per_level\":%s,"
             "\"max_instructions_per_level_slice\":%s,\"level_goal\":120000000,"
             "\"levels_over_goal\":%d,\"frame_budget\":5000000}\n",
             game.id, preset_name(preset), made, slices, most_slices, u64(made ? total / (uint64_t)made : 0, mean_buf),
             u64(levels.worst, level_buf), u64(worst, worst_buf), levels.over_goal);
      if (levels.over_goal > 0) {
        printf("m7 bench: %d %s levels at preset %s take more than the goal's 120000000 instructions (the worst %s)\n",
               levels.over_goal, game.id, preset_name(preset), u64(levels.worst, level_buf));
        *failed = true;
      }
      if (worst > kFrameBudget) {
        printf("m7 bench: a slice of %s's generator at preset %s takes %s instructions, more than a frame (%s)\n",
               game.id, preset_name(preset), u64(worst, worst_buf), u64(kFrameBudget, mean_buf));
        *failed = true;
      }
      if (made != kSeeds) {
        printf("m7 bench: %s at preset %s made %d levels of %d\n", game.id, preset_name(preset), made, kSeeds);
        *failed = true;
      }
    }
  }
  return true;
}

// The device app, each game played from its menu to a win at the buttons:
// a line each with the most instructions any frame of play takes, and the
// frames that make the level (a slice of its generator each) with the
// heaviest of them. False when a game is not won; *failed when a frame
// making a level takes more than a frame.
bool bench_device_app(uint64_t calibration, bool* failed) {
  for (int g = 0; g < game_count(); ++g) {
    std::unique_ptr<device::App> app(new device::App(nullptr, 77));
    app->start();
    auto frame = [&](uint32_t buttons) {
      device::DeviceInput in;
      in.pushed = in.held = buttons;
      uint64_t a = systick_now();
      app->frame(in, 77);
      return instructions(ticks_between(a, systick_now()), calibration);
    };
    while (app->game_index() != g) frame(device::kDown), frame(0);
    frame(device::kA);
    frame(device::kA);  // asks for the level: it is made a slice a frame
    uint64_t generate = 0;
    int slices = 0;
    while (app->making()) {
      const uint64_t insns = frame(0);
      if (insns > generate) generate = insns;
      ++slices;
    }
    uint64_t worst = 0;
    int frames = 0;
    device::SolutionPlayer player;
    device::DeviceInput in;
    if (player.begin(*app))
      while (player.next(*app, &in)) {
        uint64_t a = systick_now();
        app->frame(in, 77);
        uint64_t insns = instructions(ticks_between(a, systick_now()), calibration);
        if (insns > worst) worst = insns;
        ++frames;
      }
    char worst_buf[21], gen_buf[21];
    printf("{\"game\":\"%s\",\"platform\":\"cortex-m7\",\"device_app_frames\":%d,\"won\":%s,"
           "\"max_instructions_per_frame\":%s,\"level_slices\":%d,\"max_instructions_per_level_slice\":%s,"
           "\"frame_budget\":5000000}\n",
           game_at(g).id, frames, app->session().status() == PlayStatus::kWon ? "true" : "false", u64(worst, worst_buf),
           slices, u64(generate, gen_buf));
    if (app->session().status() != PlayStatus::kWon) return false;
    if (generate > kFrameBudget) {
      printf("m7 bench: a frame making %s's level in the device app takes %s instructions, more than a frame\n",
             game_at(g).id, u64(generate, gen_buf));
      *failed = true;
    }
  }
  return true;
}

}  // namespace

int main() {
  systick_start();
  spin(1000);  // the first reload after enabling may count as a wrap: let it pass
  uint64_t t0 = systick_now();
  spin(kRounds);
  uint64_t calibration = ticks_between(t0, systick_now());
  if (calibration == 0) {
    printf("m7 bench: SysTick does not advance; run under qemu with -icount shift=0\n");
    return 1;
  }
  if (!bench_default_levels(calibration)) return 1;
  bool failed = false;
  if (!bench_presets(calibration, &failed)) return 1;
  if (!bench_device_app(calibration, &failed)) return 1;
  return failed ? 1 : 0;
}
