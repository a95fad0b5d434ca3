// Rows of ImGui controls that wrap onto the next line where the window is too narrow for them, and a
// check that nothing a window draws reaches past its right edge (where ImGui would cut it off).
#pragma once

#include <vector>

namespace aem::viewer {

/// The widths ImGui gives a button, a checkbox or radio button, and a line of text with `label`.
float button_width(const char* label);
float check_width(const char* label);
float text_width(const char* text);

/// Makes the next control end where its label (shown right of it) still fits in the window.
void fit_next_item_with_label(const char* label);

/// A row of controls in the current window, one width per control (a group of controls kept together
/// counts as one): call next() before each; it continues the line when the control fits within
/// `available` (by default the room left in the window), else the control starts a new line.
class FlowRow {
 public:
  explicit FlowRow(std::vector<float> widths);
  FlowRow(std::vector<float> widths, float available);
  void next();
  /// The lines the row takes.
  int lines() const { return lines_; }

 private:
  std::vector<bool> starts_;
  std::size_t next_ = 0;
  int lines_ = 0;
};

/// Pixels by which the current window's items reach past the right edge of its visible content
/// region this frame (0 when everything fits). Call before ImGui::End.
float overflow_past_right_edge();

}  // namespace aem::viewer
