// The timeline along the bottom of the viewer: transport buttons, time in seconds and frames, a
// track with ticks and key marks, the loop range and the playback speed.
#pragma once

#include "viewer_state.hpp"

namespace aem::viewer {

/// Draws the timeline across the bottom of the main viewport (nothing for a model without animation)
/// and applies what the user changed to `state.playback`. Returns its height in window coordinates.
float draw_timeline(ViewerState& state);

/// Timeline shortcuts, unless a text field has the keyboard: left/right step a frame, home/end go to
/// the loop range's ends, space plays or pauses.
void timeline_keys(ViewerState& state);

}  // namespace aem::viewer
