#pragma once
// The desktop's "animations off" setting, where it can be read without a toolkit: GTK's
// settings.ini (gtk-enable-animations=false), which GNOME and most Linux desktops keep in step.
#include <filesystem>

namespace spear::client {

// True when the user's desktop asks for no animations.
bool desktop_prefers_reduced_motion();
// The same, from one settings.ini (for tests).
bool settings_ini_disables_animations(const std::filesystem::path& file);

}  // namespace spear::client
