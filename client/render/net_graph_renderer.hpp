#pragma once
// The net graph (F3): six small live plots (ping, snapshot gap, loss, bandwidth in and out,
// interpolation delay), each with its current value, in a panel.
#include <SFML/Graphics/Rect.hpp>

#include "render/net_plot_history.hpp"
#include "render/text_queue.hpp"
#include "render/vertex_batch.hpp"

namespace spear::client {

// Size of the panel in HUD pixels at scale s (hud_scale).
sf::Vector2f net_graph_size(float s);
// Below this scale the values (9 px at the least) no longer fit over their 150·s plots: the HUD
// leaves the graph out (a window under about 770×430, or a race's gap too narrow for it).
inline constexpr float kMinNetGraphScale = 0.6f;

// Appends the panel with its top-left corner at `origin` (HUD pixels).
void append_net_graph(VertexBatch& shapes, TextQueue& text, const NetPlotHistory& history,
                      sf::Vector2f origin, float s);

}  // namespace spear::client
