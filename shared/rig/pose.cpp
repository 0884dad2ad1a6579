#include "rig/pose.hpp"

namespace spear::rig {

std::string_view joint_name(Joint j) {
  switch (j) {
    case Joint::Pelvis:
      return "pelvis";
    case Joint::Chest:
      return "chest";
    case Joint::Head:
      return "head";
    case Joint::Shoulder:
      return "shoulder";
    case Joint::Hip:
      return "hip";
    case Joint::KneeNear:
      return "knee_near";
    case Joint::KneeFar:
      return "knee_far";
    case Joint::FootNear:
      return "foot_near";
    case Joint::FootFar:
      return "foot_far";
    case Joint::ElbowNear:
      return "elbow_near";
    case Joint::ElbowFar:
      return "elbow_far";
    case Joint::HandNear:
      return "hand_near";
    case Joint::HandFar:
      return "hand_far";
    case Joint::SpearTail:
      return "spear_tail";
    case Joint::SpearTip:
      return "spear_tip";
    case Joint::Count:
      break;
  }
  return "?";
}

}  // namespace spear::rig
