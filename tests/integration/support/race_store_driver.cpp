// spear-race-store-driver: feeds the leaderboard's SQLite store made-up races, for the tests
// that need a process to kill or a file already full (races do not come from the match yet).
//   spear-race-store-driver FILE fill N [SEEDS]   saves N races (course seeds 1..SEEDS, default
//                                                 4), waits until written, prints "written N"
//   spear-race-store-driver FILE loop             saves races until killed; after each one is
//                                                 on disk prints "committed NUMBER"
// Race numbers continue from the races already in the file. Exit 2 when the file is refused.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "server/sqlite_race_store.hpp"
#include "support/synthetic_race.hpp"

int main(int argc, char** argv) {
  using spear::server::SqliteRaceStore;
  if (argc < 3) {
    std::cerr << "usage: spear-race-store-driver FILE fill N [SEEDS] | FILE loop\n";
    return 2;
  }
  std::string error;
  auto store = SqliteRaceStore::open(argv[1], error);
  if (!store) {
    std::cerr << "spear-race-store-driver: " << error << "\n";
    return 2;
  }
  const std::string mode = argv[2];
  auto number = static_cast<std::uint32_t>(store->races_at_open());
  if (mode == "fill" && argc >= 4) {
    const long n = std::strtol(argv[3], nullptr, 10);
    const long seeds = argc >= 5 ? std::strtol(argv[4], nullptr, 10) : 4;
    for (long i = 0; i < n; ++i) {
      ++number;
      store->save(
          spear::test::synthetic_race(number, 1 + number % static_cast<std::uint64_t>(seeds)));
    }
    store->flush();
    std::cout << "written " << n << std::endl;
    return 0;
  }
  if (mode == "loop") {
    for (;;) {
      ++number;
      store->save(spear::test::synthetic_race(number, 1 + number % 4));
      store->flush();
      std::cout << "committed " << number << std::endl;
    }
  }
  std::cerr << "spear-race-store-driver: unknown mode " << mode << "\n";
  return 2;
}
