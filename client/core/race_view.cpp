#include "core/race_view.hpp"

#include <algorithm>

namespace spear::client {

void RaceView::reset() {
  status_.reset();
  tick_ = 0;
  boards_ = {};
  last_go_.reset();
}

void RaceView::on_snapshot(const net::Snapshot& s) {
  if (!s.race) return;
  if (!status_ || static_cast<std::int32_t>(s.tick - tick_) > 0) {
    status_ = s.race;
    tick_ = s.tick;
    if (status_->phase != net::RacePhase::Race) last_go_ = go_tick();
  }
  if (!s.board) return;
  const net::BoardPage& page = *s.board;
  if (page.race != boards_.race) boards_ = RaceBoardView{page.race, {}, {}};
  auto& board = page.kind == net::BoardKind::Results ? boards_.results : boards_.all_time;
  board.resize(page.total);  // the decoder bounds total and first + entries ≤ total
  for (std::size_t i = 0; i < page.entries.size(); ++i)
    if (page.first + i < board.size()) board[page.first + i] = page.entries[i];
}

double RaceView::ticks_left(double now_tick) const {
  if (!status_) return 0.0;
  const double end = static_cast<double>(tick_) + 1.0 + static_cast<double>(status_->ticks_left);
  return std::max(0.0, end - now_tick);
}

std::optional<net::Tick> RaceView::go_tick() const {
  if (!status_) return std::nullopt;
  if (status_->phase == net::RacePhase::Race) return std::nullopt;
  return status_->match_first_tick + status_->wait;
}

}  // namespace spear::client
