// Writes the seed corpus of every fuzz target: real datagrams and runner blocks produced by the
// same code a server and a client run (see fuzz_fixture.hpp).
//   fuzz_corpus_generator OUT_DIR      writes OUT_DIR/<target>/<name>.bin
// Run by `scripts/fuzz --regenerate-corpus`, which writes into tests/fuzz/corpus.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "fuzz_fixture.hpp"
#include "server_fixture.hpp"
#ifdef SPEAR_FUZZ_SESSION
#include "session_fixture.hpp"
#endif

namespace {

bool write_all(const std::filesystem::path& dir, const std::vector<spear::fuzz::Datagram>& items) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::cerr << "cannot create " << dir << ": " << ec.message() << '\n';
    return false;
  }
  for (const auto& item : items) {
    std::ofstream out(dir / (item.name + ".bin"), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(item.bytes.data()),
              static_cast<std::streamsize>(item.bytes.size()));
    if (!out) {
      std::cerr << "cannot write " << (dir / item.name) << '\n';
      return false;
    }
  }
  std::cout << dir.string() << ": " << items.size() << " files\n";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_corpus_generator OUT_DIR\n";
    return 2;
  }
  const std::filesystem::path root = argv[1];
  using namespace spear::fuzz;
  const ServerTraffic traffic = server_traffic();
  bool ok = write_all(root / "fuzz_datagram", all_message_kinds());
  ok = write_all(root / "fuzz_delta_decode", delta_blocks()) && ok;
  ok = write_all(root / "fuzz_client_snapshot", traffic.later) && ok;
  ok = write_all(root / "fuzz_server_datagram", client_traffic()) && ok;
#ifdef SPEAR_FUZZ_SESSION
  // A real server's first second and its first three (the handshake, the first snapshots, the
  // own runner's state, a bot's crash and restart).
  ok = write_all(root / "fuzz_client_session",
                 {{"session_1s", recorded_session(1.0)}, {"session_3s", recorded_session(3.0)}}) &&
       ok;
#else
  std::cerr << "fuzz_client_session: built without the client's logic, its corpus is kept\n";
#endif
  return ok ? 0 : 1;
}
