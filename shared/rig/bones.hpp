#pragma once
// The bones as joint pairs, for the lab's skeleton overlay (drawn over the figure).
#include <array>
#include <utility>

#include "rig/pose.hpp"

namespace spear::rig {

using Bone = std::pair<Joint, Joint>;

// Far side first, so an overlay drawn in order puts the near side on top.
inline constexpr std::array<Bone, 13> kBones = {{
    {Joint::Hip, Joint::KneeFar},
    {Joint::KneeFar, Joint::FootFar},
    {Joint::Shoulder, Joint::ElbowFar},
    {Joint::ElbowFar, Joint::HandFar},
    {Joint::Pelvis, Joint::Hip},
    {Joint::Pelvis, Joint::Chest},
    {Joint::Chest, Joint::Shoulder},
    {Joint::Chest, Joint::Head},
    {Joint::Hip, Joint::KneeNear},
    {Joint::KneeNear, Joint::FootNear},
    {Joint::Shoulder, Joint::ElbowNear},
    {Joint::ElbowNear, Joint::HandNear},
    {Joint::SpearTail, Joint::SpearTip},
}};

}  // namespace spear::rig
